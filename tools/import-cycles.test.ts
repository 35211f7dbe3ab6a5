import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildImportGraph,
  compilerOptionsOf,
  findImportCycles,
  sourceFilesUnder,
  type ImportGraph,
} from './import-cycles.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function cyclesUnder(dir: string, tsconfig: string): string[] {
  const files = sourceFilesUnder(path.join(root, dir));
  const graph = buildImportGraph(files, compilerOptionsOf(path.join(root, tsconfig)));
  return findImportCycles(graph).map((cycle) =>
    cycle.map((file) => path.relative(root, file)).join(' → '),
  );
}

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('findImportCycles', () => {
  it('finds none in a graph without cycles', () => {
    expect(findImportCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('finds a cycle as a path back to its first file', () => {
    const graph = graphOf({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [] });
    expect(findImportCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('finds each separate cycle, and a file importing itself', () => {
    const graph = graphOf({ a: ['b'], b: ['a'], c: ['d'], d: ['c'], e: ['e'] });
    expect(findImportCycles(graph)).toEqual([
      ['a', 'b', 'a'],
      ['c', 'd', 'c'],
      ['e', 'e'],
    ]);
  });

  it('follows imports, re-exports, import() and type imports in real files', () => {
    expect(cyclesUnder('tools/fixtures/import-cycle', 'tsconfig.json')).toEqual([
      'tools/fixtures/import-cycle/a.ts → tools/fixtures/import-cycle/b.ts → ' +
        'tools/fixtures/import-cycle/c.ts → tools/fixtures/import-cycle/a.ts',
    ]);
    const files = sourceFilesUnder(path.join(root, 'tools/fixtures/import-cycle'));
    const graph = buildImportGraph(files, compilerOptionsOf(path.join(root, 'tsconfig.json')));
    const typeImporter = path.join(root, 'tools/fixtures/import-cycle/d.ts');
    expect(graph.get(typeImporter)).toEqual([path.join(root, 'tools/fixtures/import-cycle/a.ts')]);
  });
});

describe('import cycles', () => {
  it.each([
    ['apps/web/src', 'apps/web/tsconfig.json'],
    ['apps/server/src', 'tsconfig.json'],
    ['packages/protocol/src', 'tsconfig.json'],
  ])('there are none in %s', (dir, tsconfig) => {
    expect(cyclesUnder(dir, tsconfig)).toEqual([]);
  });
});
