import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from './helpers/prometheus-text.js';

const HISTOGRAM = `# HELP t_seconds Time.
# TYPE t_seconds histogram
t_seconds_bucket{le="0.1",route="/a"} 1
t_seconds_bucket{le="+Inf",route="/a"} 2
t_seconds_sum{route="/a"} 0.3
t_seconds_count{route="/a"} 2
t_seconds_bucket{le="0.1",route="/b"} 0
t_seconds_bucket{le="+Inf",route="/b"} 1
t_seconds_sum{route="/b"} 0.2
t_seconds_count{route="/b"} 1
`;

/** The test-side parser must refuse what Prometheus would, or the metrics tests prove nothing. */
describe('parsePrometheusText', () => {
  it('reads families, labels with escapes, special values and histograms by series', () => {
    const text = `# HELP c_total Things.\n# TYPE c_total counter\nc_total{a="x\\"y\\\\z\\n"} 3\n# HELP g A gauge.\n# TYPE g gauge\ng NaN\ng{k="v"} -Inf 1700000000000\n${HISTOGRAM}`;
    const families = parsePrometheusText(text);
    expect(families.map((family) => [family.name, family.type])).toEqual([
      ['c_total', 'counter'],
      ['g', 'gauge'],
      ['t_seconds', 'histogram'],
    ]);
    expect(families[0]!.samples[0]).toEqual({
      name: 'c_total',
      labels: { a: 'x"y\\z\n' },
      value: 3,
    });
    expect(families[1]!.samples[1]!.value).toBe(-Infinity);
    expect(families[2]!.samples.filter((s) => s.labels.route === '/b')).toHaveLength(4);
  });

  it.each([
    ['a sample without # TYPE', '# HELP x X.\nx 1\n'],
    ['a family without # HELP', '# TYPE x gauge\nx 1\n'],
    ['garbage', '# HELP x X.\n# TYPE x gauge\nx one two three\n'],
    ['a value that is no number', '# HELP x X.\n# TYPE x gauge\nx 1,5\n'],
    ['an unclosed label', '# HELP x X.\n# TYPE x gauge\nx{a="b} 1\n'],
    ['a bad escape', '# HELP x X.\n# TYPE x gauge\nx{a="\\t"} 1\n'],
    ['no final newline', '# HELP x X.\n# TYPE x gauge\nx 1'],
    [
      'a family declared twice',
      '# HELP x X.\n# TYPE x gauge\nx 1\n# HELP y Y.\n# TYPE y gauge\ny 1\n# HELP x X.\n',
    ],
    [
      'interleaved families',
      '# HELP x X.\n# TYPE x gauge\n# HELP y Y.\n# TYPE y gauge\ny 1\nx 1\n',
    ],
    ['buckets without +Inf', HISTOGRAM.replace('le="+Inf",route="/a"', 'le="1",route="/a"')],
    [
      'buckets not cumulative',
      HISTOGRAM.replace(
        't_seconds_bucket{le="+Inf",route="/a"} 2',
        't_seconds_bucket{le="+Inf",route="/a"} 0',
      ),
    ],
    [
      'a _count that is not the +Inf bucket',
      HISTOGRAM.replace('t_seconds_count{route="/a"} 2', 't_seconds_count{route="/a"} 5'),
    ],
  ])('refuses %s', (_what, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});
