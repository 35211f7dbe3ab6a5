import { describe, expect, it } from 'vitest';
import { acceptBindings, BindingError, bindingWants, rowMatches } from './bindings.js';

const columns = () => ['id', 'username', 'farcaster_id'];

describe('Realtime bindings', () => {
  it('reads table, event and filter, and refuses what is not published', () => {
    const [binding] = acceptBindings(
      [{ event: 'UPDATE', schema: 'public', table: 'profiles', filter: 'id=eq.abc' }],
      columns,
    );
    expect(binding).toMatchObject({
      table: 'profiles',
      event: 'UPDATE',
      filter: { column: 'id', operator: 'eq', values: ['abc'] },
    });
    expect(acceptBindings([{ event: '*', schema: '*' }], columns)[0]!.table).toBeNull();
    for (const bad of [
      { event: '*' as const, schema: 'auth', table: 'users' },
      { event: '*' as const, schema: 'public', table: 'refresh_tokens' },
      { event: '*' as const, schema: 'public', table: 'profiles', filter: 'id=like.a%' },
      { event: '*' as const, schema: 'public', table: 'profiles', filter: 'email=eq.a' },
      { event: '*' as const, schema: 'public', filter: 'id=eq.a' },
    ]) {
      expect(() => acceptBindings([bad], columns)).toThrow(BindingError);
    }
  });

  it('gives each binding its own id', () => {
    const [a, b] = acceptBindings(
      [
        { event: 'INSERT', schema: 'public', table: 'partner_connections' },
        { event: 'INSERT', schema: 'public', table: 'partner_connections' },
      ],
      columns,
    );
    expect(a!.id).not.toBe(b!.id);
  });

  it('matches rows by each operator, numbers as numbers', () => {
    const filterOf = (filter: string) =>
      acceptBindings([{ event: '*', schema: 'public', table: 'profiles', filter }], columns)[0]!
        .filter;
    const row = { id: 'b', username: 'ann', farcaster_id: 9 };
    expect(rowMatches(filterOf('id=eq.b'), row)).toBe(true);
    expect(rowMatches(filterOf('id=neq.b'), row)).toBe(false);
    expect(rowMatches(filterOf('farcaster_id=lt.10'), row)).toBe(true);
    expect(rowMatches(filterOf('farcaster_id=gte.10'), row)).toBe(false);
    expect(rowMatches(filterOf('username=in.(bob, ann)'), row)).toBe(true);
    expect(rowMatches(filterOf('username=in.(bob)'), row)).toBe(false);
    expect(rowMatches(filterOf('username=eq.ann'), { id: 'b', username: null })).toBe(false);
  });

  it('wants the changes of its table and event only', () => {
    const [insert, any] = acceptBindings(
      [
        { event: 'INSERT', schema: 'public', table: 'partner_connections' },
        { event: '*', schema: 'public' },
      ],
      columns,
    );
    expect(bindingWants(insert!, 'partner_connections', 'INSERT')).toBe(true);
    expect(bindingWants(insert!, 'partner_connections', 'UPDATE')).toBe(false);
    expect(bindingWants(insert!, 'profiles', 'INSERT')).toBe(false);
    expect(bindingWants(any!, 'profiles', 'UPDATE')).toBe(true);
  });
});
