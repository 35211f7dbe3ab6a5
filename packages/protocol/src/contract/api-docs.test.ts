import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, API_ROUTES } from './routes.js';

const API_MD = new URL('../../../../docs/api.md', import.meta.url);

/** `METHOD /api/path` of every route heading and table row of docs/api.md, `{id}` as `:id`. */
function documentedRoutes(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('### ') && !line.startsWith('| `')) continue;
    for (const [, method, path] of line.matchAll(/`(GET|POST|PUT|PATCH|DELETE) ([^`?\s]+)/g)) {
      if (path!.startsWith(`${API_PREFIX}/`)) {
        found.add(`${method} ${path!.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
  }
  return found;
}

describe('docs/api.md and the contract', () => {
  it('documents every declared route, and declares every documented one', () => {
    const declared = new Set(
      Object.values(API_ROUTES).map(({ method, path }) => `${method} ${API_PREFIX}${path}`),
    );
    const documented = documentedRoutes(readFileSync(API_MD, 'utf8'));
    expect([...declared].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !declared.has(route))).toEqual([]);
  });

  it('reads headings and table rows, and would see a route that is missing', () => {
    const sample = '### `GET /api/a?x=`\n| `POST /api/b/{id}/c` (signed in) |\ntext `PUT /api/d`';
    expect([...documentedRoutes(sample)]).toEqual(['GET /api/a', 'POST /api/b/:id/c']);
  });
});
