import { describe, expect, it } from 'vitest';
import { planCopy, type ForeignKey } from './catalog.js';

const key = (table: string, references: string, name = `${table}_${references}_fkey`) => ({
  name,
  table,
  references,
  definition: `FOREIGN KEY (x) REFERENCES ${references}(id)`,
});

describe('the copy plan', () => {
  it('puts each referenced table before the tables that refer to it', () => {
    const keys: ForeignKey[] = [
      key('messages', 'profiles'),
      key('profiles', 'users'),
      key('answers', 'messages'),
      key('answers', 'profiles'),
    ];
    const { order, deferred } = planCopy(
      ['answers', 'messages', 'profiles', 'users', 'lone'],
      keys,
    );
    expect(order).toHaveLength(5);
    for (const { table, references } of keys) {
      expect(order.indexOf(references)).toBeLessThan(order.indexOf(table));
    }
    expect(deferred).toEqual([]);
  });

  it('sets aside the keys of a table referring to itself and of a cycle between tables', () => {
    const self = key('profiles', 'profiles', 'profiles_partner_id_fkey');
    const there = key('a', 'b');
    const back = key('b', 'a');
    const { order, deferred } = planCopy(['a', 'b', 'profiles'], [self, there, back]);
    expect([...order].sort()).toEqual(['a', 'b', 'profiles']);
    expect(deferred).toContainEqual(self);
    // One key of the cycle is enough to break it; the other is honoured by the order.
    expect(deferred.filter((fk) => fk === there || fk === back)).toHaveLength(1);
    const kept = deferred.includes(there) ? back : there;
    expect(order.indexOf(kept.references)).toBeLessThan(order.indexOf(kept.table));
  });

  it('ignores keys to tables outside the copy', () => {
    expect(planCopy(['a'], [key('a', 'elsewhere')])).toEqual({ order: ['a'], deferred: [] });
  });
});
