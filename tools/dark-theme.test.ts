import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The end-to-end accessibility audits check the dark theme with axe's colour rules only
 * (e2e/support/axe.ts). That holds while the theme changes colours and nothing else: these tests
 * fail when it starts to change anything more.
 */
const SOURCE = join(import.meta.dirname, '../apps/web/src');
const COLOUR_PROPERTIES = new Set([
  'color-scheme',
  'color',
  'background-color',
  'border-color',
  'outline-color',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|html)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The declarations of every CSS rule whose selector names the dark class. */
function darkDeclarations(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules = withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g);
  return [...rules]
    .filter(([, selector]) => /\.dark\b/.test(selector!))
    .flatMap(([, , body]) =>
      body!
        .split(';')
        .map((declaration) => declaration.trim())
        .filter(Boolean),
    );
}

describe('the dark theme', () => {
  it('sets only colours in its CSS rules', () => {
    const css = readFileSync(join(SOURCE, 'index.css'), 'utf8');
    const declarations = darkDeclarations(css);
    expect(declarations.length).toBeGreaterThan(20);
    const properties = declarations.map((declaration) => declaration.split(':')[0]!.trim());
    const other = properties.filter(
      (property) => !property.startsWith('--color-') && !COLOUR_PROPERTIES.has(property),
    );
    expect(other).toEqual([]);
  });

  it('has no dark: variant in any component', () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(50);
    const using = files.filter((file) => /\bdark:[a-z]/.test(readFileSync(file, 'utf8')));
    expect(using).toEqual([]);
  });
});
