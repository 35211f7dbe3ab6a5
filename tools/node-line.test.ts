import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Issue 38: every place that names the Node line says the same. */
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const line = read('.nvmrc').trim();
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const floor = /^>=(\d+(?:\.\d+)*)$/.exec(engines)?.[1];

describe('the Node line', () => {
  it('is one major in .nvmrc, and engines names a floor', () => {
    expect(line).toMatch(/^\d+$/);
    expect(floor).toBeDefined();
  });

  it('is what every stage of the Dockerfile starts from, and its label', () => {
    const dockerfile = read('Dockerfile');
    const froms = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gm)];
    // A FROM naming an earlier stage builds on that stage, not on an image.
    const stages = new Set(froms.map((m) => m[2]));
    const bases = froms.map((m) => m[1]).filter((name) => !stages.has(name));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toBe(`node:${line}-trixie-slim`);
    expect(dockerfile).toContain(`base.name="docker.io/library/node:${line}-trixie-slim"`);
  });

  it('is at or above the floor engines sets, which the README states', () => {
    expect(Number(line)).toBeGreaterThanOrEqual(Number(floor!.split('.')[0]));
    expect(read('README.md')).toContain(`Needs Node.js ${floor} or later`);
    expect(read('README.md')).toContain(`run ${line}, the line in \`.nvmrc\``);
  });

  it('is what CI installs when the machine has another', () => {
    expect(read('.ci/run')).toContain('NODE_LINE="$(cat .nvmrc)"');
  });

  it('is the floor the server bundle is built for', () => {
    expect(read('apps/server/build.mjs')).toContain(`target: 'node${floor!.split('.')[0]}'`);
  });
});
