// Lists the functions of the application code longer than a number of lines (issue 40's measure).
// Usage: npm run metrics:long-functions [-- MAX_LINES]   (default 60)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/protocol/src'];
const TEST_FILE = /\.(test|spec|test-support)\.tsx?$|test-helpers\.ts$|\.d\.ts$/;
const maxLines = Number(process.argv[2] ?? 60);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'catalogs' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** A function's name as a reader would look it up: its own, or the binding it is assigned to. */
function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

interface LongFunction {
  where: string;
  name: string;
  lines: number;
}

function longFunctions(file: string): LongFunction[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > maxLines) {
        found.push({ where: `${relative(ROOT, file)}:${start + 1}`, name: nameOf(node), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const all = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap(longFunctions);
all.sort((a, b) => b.lines - a.lines);
for (const fn of all) console.log(`${String(fn.lines).padStart(4)}  ${fn.where}  ${fn.name}`);
console.log(
  `${all.length} functions over ${maxLines} lines (tests, test support and catalogs left out)`,
);
