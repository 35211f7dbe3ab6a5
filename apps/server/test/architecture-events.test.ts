import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_NAMES } from '../src/events.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const ARCHITECTURE_MD = new URL('../../../docs/ARCHITECTURE.md', import.meta.url);
const SECTION = '## After commit: domain events and their listeners';

interface DocumentedEvents {
  /** The first cell of each row of the "### Events" table. */
  events: string[];
  /** Each "- `module` on `event`, `event`: …" line of "### Listeners", by module. */
  listeners: Map<string, string[]>;
}

/** The events section of docs/ARCHITECTURE.md, read as the test compares it. */
function documentedEvents(markdown: string): DocumentedEvents {
  const start = markdown.indexOf(SECTION);
  if (start < 0) throw new Error(`no "${SECTION}" in ARCHITECTURE.md`);
  const end = markdown.indexOf('\n## ', start + SECTION.length);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const events: string[] = [];
  const listeners = new Map<string, string[]>();
  let table = '';
  // A listener's line may wrap: its events run to the colon that ends the list.
  const text = section.replace(/,\n\s+`/g, ', `');
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) table = line.slice(4).trim();
    const row = /^\| `(\w+)` +\|/.exec(line);
    if (table === 'Events' && row) events.push(row[1]!);
    const item = /^- `([\w/-]+)` on ((?:`\w+`(?:, )?)+):/.exec(line);
    if (table === 'Listeners' && item) {
      listeners.set(
        item[1]!,
        [...item[2]!.matchAll(/`(\w+)`/g)].map((match) => match[1]!),
      );
    }
  }
  return { events, listeners };
}

describe('docs/ARCHITECTURE.md and the domain events', () => {
  const documented = documentedEvents(readFileSync(ARCHITECTURE_MD, 'utf8'));
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every event of DomainEventMap, once, and no other', () => {
    expect([...documented.events].sort()).toEqual([...DOMAIN_EVENT_NAMES].sort());
  });

  it('lists the listener modules a built app registers, each with its events', () => {
    const registered = server.ctx.events.listenerModules();
    const byName = new Map(registered.map(({ name, events }) => [name, [...events].sort()]));
    const listed = new Map([...documented.listeners].map(([name, on]) => [name, [...on].sort()]));
    expect(listed).toEqual(byName);
    // A module is named by the file under src/ that declares it.
    for (const { name } of registered) {
      expect(existsSync(new URL(`../src/${name}.ts`, import.meta.url)), name).toBe(true);
    }
  });

  it('reads table rows and wrapped listener lines, and would see one that is missing', () => {
    const sample = [
      SECTION,
      '### Events',
      '| `a` | when a |',
      '### Listeners',
      '- `x/y` on `a`,',
      '  `b`: does it',
      '- `z` on `c`: and more `d`',
      '## Next',
      '| `e` | not here |',
    ].join('\n');
    const { events, listeners } = documentedEvents(sample);
    expect(events).toEqual(['a']);
    expect([...listeners]).toEqual([
      ['x/y', ['a', 'b']],
      ['z', ['c']],
    ]);
  });
});
