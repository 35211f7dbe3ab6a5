/**
 * A strict parser of the Prometheus text exposition format (0.0.4), for tests. The one parser on
 * npm (parse-prometheus-text-format) drops the labels of histogram series and merges them, and
 * accepts any line as an untyped sample, so it can neither check the format nor read our
 * histograms. This one refuses what Prometheus would refuse, and more: a sample of a family with
 * no # TYPE or # HELP, a family declared twice or interleaved, histogram buckets without +Inf,
 * not cumulative, or whose +Inf count differs from _count.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The series name as written (with _bucket, _sum, _count). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  help: string;
  type: MetricType;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function fail(line: number, message: string): never {
  throw new Error(`line ${line}: ${message}`);
}

/** Go's ParseFloat, as Prometheus reads values: decimal or exponent, Inf and NaN in any case. */
function parseValue(text: string, line: number): number {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) fail(line, `bad value ${text}`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from position 0 of text: the labels and the length read. */
function parseLabels(text: string, line: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = 1;
  while (text[i] !== '}') {
    const eq = text.indexOf('=', i);
    if (eq < 0) fail(line, 'label without =');
    const name = text.slice(i, eq).trim();
    if (!LABEL_NAME.test(name)) fail(line, `bad label name ${name}`);
    if (name in labels) fail(line, `label ${name} twice`);
    if (text[eq + 1] !== '"') fail(line, `label ${name} not quoted`);
    let value = '';
    let j = eq + 2;
    for (; j < text.length && text[j] !== '"'; j += 1) {
      if (text[j] !== '\\') {
        value += text[j];
        continue;
      }
      const escaped = text[(j += 1)];
      if (escaped === 'n') value += '\n';
      else if (escaped === '\\' || escaped === '"') value += escaped;
      else fail(line, `bad escape \\${escaped ?? ''}`);
    }
    if (j >= text.length) fail(line, `label ${name} not closed`);
    labels[name] = value;
    i = j + 1;
    if (text[i] === ',') i += 1;
    else if (text[i] !== '}') fail(line, 'labels not separated by ,');
  }
  return [labels, i + 1];
}

function familyOf(families: Map<string, Family>, series: string): Family | undefined {
  for (const family of families.values()) {
    if (SUFFIXES[family.type].some((suffix) => family.name + suffix === series)) return family;
  }
  return undefined;
}

function checkHistogram(family: Family): void {
  const series = new Map<string, Sample[]>();
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels;
    if (sample.name.endsWith('_bucket') && le === undefined)
      throw new Error(`${family.name}: bucket without le`);
    const key = JSON.stringify(Object.entries(rest).sort());
    series.set(key, [...(series.get(key) ?? []), sample]);
  }
  for (const [key, list] of series) {
    const buckets = list.filter((sample) => sample.name.endsWith('_bucket'));
    const bounds = buckets.map((sample) => parseValue(sample.labels.le!, 0));
    const counts = buckets.map((sample) => sample.value);
    const count = list.find((sample) => sample.name.endsWith('_count'))?.value;
    const where = `${family.name} ${key}`;
    if (bounds.at(-1) !== Infinity) throw new Error(`${where}: no +Inf bucket last`);
    if (bounds.some((bound, i) => i > 0 && bound <= bounds[i - 1]!))
      throw new Error(`${where}: le not increasing`);
    if (counts.some((n, i) => i > 0 && n < counts[i - 1]!))
      throw new Error(`${where}: buckets not cumulative`);
    if (count !== counts.at(-1)) throw new Error(`${where}: _count is not the +Inf bucket`);
    if (!list.some((sample) => sample.name.endsWith('_sum'))) throw new Error(`${where}: no _sum`);
  }
}

export function parsePrometheusText(text: string): Family[] {
  if (text !== '' && !text.endsWith('\n'))
    throw new Error('the exposition must end with a newline');
  const families = new Map<string, Family>();
  let current: Family | undefined;
  text.split('\n').forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const comment = /^#\s*(HELP|TYPE)\s+(\S+)\s*(.*)$/.exec(raw);
    if (comment) {
      const [, keyword, name, rest] = comment as unknown as [string, string, string, string];
      if (!METRIC_NAME.test(name)) fail(line, `bad metric name ${name}`);
      let family = families.get(name);
      if (family && family !== current) fail(line, `${name} declared again`);
      if (!family) {
        family = { name, help: '', type: 'untyped', samples: [] };
        families.set(name, family);
        current = family;
      }
      if (keyword === 'HELP') family.help = rest;
      else if (!TYPES.has(rest as MetricType)) fail(line, `bad type ${rest}`);
      else if (family.samples.length > 0) fail(line, `# TYPE of ${name} after its samples`);
      else family.type = rest as MetricType;
      return;
    }
    if (raw.startsWith('#')) return;
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(raw)?.[0];
    if (!name) fail(line, `not a sample: ${raw}`);
    let rest = raw.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const [parsed, length] = parseLabels(rest, line);
      labels = parsed;
      rest = rest.slice(length);
    }
    const fields = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || fields.length < 1 || fields.length > 2)
      fail(line, `bad sample: ${raw}`);
    if (fields[1] !== undefined && !/^-?\d+$/.test(fields[1]))
      fail(line, `bad timestamp ${fields[1]}`);
    const family = familyOf(families, name);
    if (!family) fail(line, `${name} has no # TYPE`);
    if (family !== current) fail(line, `${name} is not next to its family's other samples`);
    family.samples.push({ name, labels, value: parseValue(fields[0]!, line) });
  });
  for (const family of families.values()) {
    if (family.type === 'untyped') throw new Error(`${family.name}: no # TYPE`);
    if (!family.help) throw new Error(`${family.name}: no # HELP`);
    if (family.type === 'histogram') checkHistogram(family);
  }
  return [...families.values()];
}
