import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Each file to the files it imports, as absolute paths. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;

/** The .ts and .tsx files under dir, declarations and node_modules left out. */
export function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE.test(name) && !name.endsWith('.d.ts'))
    .filter((name) => !name.split(path.sep).includes('node_modules'))
    .map((name) => path.resolve(dir, name))
    .sort();
}

export function compilerOptionsOf(tsconfigPath: string): ts.CompilerOptions {
  const { config, error } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(tsconfigPath)).options;
}

/**
 * The specifiers a file imports: imports, re-exports and import() calls. Type-only ones count
 * too: a cycle of types still ties two modules to each other.
 */
export function importedSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The graph of the given files; imports that resolve outside them (packages) are left out. */
export function buildImportGraph(files: string[], options: ts.CompilerOptions): ImportGraph {
  const inGraph = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const targets = importedSpecifiers(file, text)
      .map((specifier) => ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule)
      .map((resolved) => resolved && path.resolve(resolved.resolvedFileName))
      .filter((target): target is string => target !== undefined && inGraph.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** A shortest path from start back to start, through the given nodes only. */
function cycleThrough(graph: ImportGraph, start: string, members: Set<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const cycle = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [];
}

/**
 * One cycle (first file repeated at the end) for each group of files that import each other,
 * found as the strongly connected components of the graph (Tarjan).
 */
export function findImportCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  const connect = (node: string): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const members = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.add(member);
    } while (member !== node);
    const selfImport = graph.get(node)?.includes(node) ?? false;
    if (members.size > 1 || selfImport) {
      const first = [...members].sort()[0]!;
      cycles.push(cycleThrough(graph, first, members));
    }
  };

  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}
