import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_CONTRACT } from './api.js';
import { API_PREFIX, API_ROUTES, LIVE_OPERATIONS } from './routes.js';
import { SERVER_EVENT_SCHEMAS } from './server-events.js';

const LIVE_MD = new URL('../../../../docs/live-channel.md', import.meta.url);

/** The top-level fields of an object schema, through optional, nullable and transforms. */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return fieldsOf(schema.unwrap() as z.ZodType);
  }
  return [];
}

/** Each table row of a `## heading` section, by the event in its first cell, as its cells. */
function tableRows(markdown: string, heading: string): Map<string, string[]> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const event = /^\| `(\w+)` \|/.exec(line)?.[1];
    if (!event) continue;
    rows.set(
      event,
      line.split(/(?<!\\)\|/).map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The fields a cell does not name (as a word of its own: `count` is not in `unread_count`). */
function unnamed(cell: string | undefined, fields: string[]): string[] {
  return fields.filter((field) => !new RegExp(`(^|[^\\w])${field}([^\\w]|$)`).test(cell ?? ''));
}

const markdown = readFileSync(LIVE_MD, 'utf8');
const clientRows = tableRows(markdown, 'Client → server');
const serverRows = tableRows(markdown, 'Server → client');

describe('docs/live-channel.md and the contract', () => {
  it('documents each live event with its operation, route, body fields and answer fields', () => {
    expect([...clientRows.keys()].sort()).toEqual([...LIVE_OPERATIONS.keys()].sort());
    for (const [event, name] of LIVE_OPERATIONS) {
      const [, , operation, payload, ack] = clientRows.get(event)!;
      const { method, path } = API_ROUTES[name];
      expect(operation, event).toContain(`\`${name}\``);
      expect(operation, event).toContain(`\`${method} ${API_PREFIX}${path}\``);
      const contract = API_CONTRACT[name];
      const body = 'body' in contract ? fieldsOf(contract.body) : [];
      expect(unnamed(payload, body), `${event} payload`).toEqual([]);
      expect(unnamed(ack, fieldsOf(contract.answer)), `${event} ack`).toEqual([]);
    }
  });

  it('documents each server event with every field of its payload', () => {
    expect([...serverRows.keys()].sort()).toEqual(Object.keys(SERVER_EVENT_SCHEMAS).sort());
    for (const [event, schema] of Object.entries(SERVER_EVENT_SCHEMAS)) {
      const [, , payload] = serverRows.get(event)!;
      expect(unnamed(payload, fieldsOf(schema)), event).toEqual([]);
    }
  });

  it('reads fields through wrappers, and would see one that is missing', () => {
    const schema = z
      .strictObject({ ids: z.array(z.string()) })
      .nullish()
      .transform((v) => v ?? {});
    expect(fieldsOf(schema)).toEqual(['ids']);
    expect(unnamed('`{ unread_count }`', ['count'])).toEqual(['count']);
    const sample = '## Heading\n\n| `a_b` | `{ x, y }` \\| z | w |\n';
    expect(tableRows(sample, 'Heading').get('a_b')).toEqual([
      '',
      '`a_b`',
      '`{ x, y }` \\| z',
      'w',
      '',
    ]);
  });
});
