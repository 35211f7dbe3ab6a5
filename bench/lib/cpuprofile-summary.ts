/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, `bench:http --cpuprof DIR`): self time by
 * function and by file (node_modules packages grouped by package), as a share of the samples.
 *
 *   npx tsx bench/lib/cpuprofile-summary.ts FILE.cpuprofile [top (25)] [callers-of REGEX]
 *
 * Shares are of the busy samples: idle, and what ran before the first request (start-up: module
 * loading, migrations) or after the last (shut-down: closing the pool, whose sample also carries
 * the quiet time before it) are left out. With a REGEX, the call paths (five frames up) of the
 * functions it matches, by self time: e.g. who calls `writev`.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A file's place: a package of node_modules, our source from src/ on, or node's own module. */
export function fileOf(url: string): string {
  if (!url) return '(native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  const source = /\/(apps|packages|bench)\/(.*)$/.exec(url);
  if (source) return `${source[1]}/${source[2]}`;
  return url.replace(/^file:\/\//, '');
}

const nameOf = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || '(anonymous)'} ${fileOf(url)}${url ? `:${lineNumber + 1}` : ''}`;

/** A request's work: the server's route handling begins in node's HTTP parser. */
const SERVING = /parserOnIncoming|onStreamRead/;

export function summarise(profile: CpuProfile, callersOf?: RegExp) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  const paths = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, micros: number) =>
    map.set(key, (map.get(key) ?? 0) + micros);
  const isServing = (id: number) => {
    const node = byId.get(id);
    return node !== undefined && SERVING.test(nameOf(node));
  };
  const first = profile.samples.findIndex(isServing);
  const last = profile.samples.findLastIndex(isServing);
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node || first < 0 || i < first || i > last) return;
    const name = nameOf(node);
    if (node.callFrame.functionName === '(idle)') return;
    const micros = Math.max(0, profile.timeDeltas[i] ?? 0);
    add(functions, name, micros);
    add(files, fileOf(node.callFrame.url), micros);
    if (callersOf?.test(name)) {
      const path: string[] = [];
      for (let up = parent.get(id); up !== undefined && path.length < 5; up = parent.get(up)) {
        path.push(nameOf(byId.get(up)!));
      }
      add(paths, `${name} <- ${path.join(' <- ')}`, micros);
    }
    total += micros;
  });
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: total / 1000,
    functions: sorted(functions),
    files: sorted(files),
    paths: sorted(paths),
  };
}

const [file, topArg, callersArg] = process.argv.slice(2);
if (file) {
  const top = Number(topArg ?? 25);
  const { totalMs, functions, files, paths } = summarise(
    JSON.parse(readFileSync(file, 'utf8')),
    callersArg ? new RegExp(callersArg) : undefined,
  );
  const line = ([name, micros]: [string, number]) =>
    `${((micros / 1000 / totalMs) * 100).toFixed(1).padStart(5)} %  ${name}`;
  console.log(`${file}: ${(totalMs / 1000).toFixed(1)} s of busy samples while serving`);
  console.log('\nself time by function');
  for (const entry of functions.slice(0, top)) console.log(line(entry));
  console.log('\nself time by file');
  for (const entry of files.slice(0, top)) console.log(line(entry));
  if (callersArg) {
    console.log(`\ncall paths of /${callersArg}/`);
    for (const entry of paths.slice(0, top)) console.log(line(entry));
  }
}
