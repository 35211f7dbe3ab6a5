import { describe, expect, it } from 'vitest';
import { pinCommand, quotaFiles } from './placement.js';
import { specsFor } from './scenario.js';

describe('placement', () => {
  it('pins instance i to CPU i mod the CPUs, or leaves it be', () => {
    const pin = { pin: true, quotaCores: 0 };
    expect([0, 1, 2].map((i) => pinCommand(pin, i, 2))).toEqual([
      ['taskset', '-c', '0'],
      ['taskset', '-c', '1'],
      ['taskset', '-c', '0'],
    ]);
    expect(pinCommand({ pin: false, quotaCores: 0.5 }, 1, 2)).toEqual([]);
  });

  it('writes a quota per 10 ms period in the format of each cgroup version', () => {
    expect(quotaFiles(1, 0.5)).toEqual({
      'cpu.cfs_period_us': '10000',
      'cpu.cfs_quota_us': '5000',
    });
    expect(quotaFiles(2, 1.25)).toEqual({ 'cpu.max': '12500 10000' });
  });
});

describe('specsFor', () => {
  it('puts the two partners of every couple on different instances when there are two', () => {
    const specs = specsFor(3, ['http://one', 'http://two'], (i, side) => ({ user: `${side}${i}` }));
    expect(specs.map((s) => `${s.auth.user}@${s.url}`)).toEqual([
      'a0@http://one',
      'b0@http://two',
      'a1@http://one',
      'b1@http://two',
      'a2@http://one',
      'b2@http://two',
    ]);
  });

  it('keeps both partners on the one instance there is', () => {
    const specs = specsFor(2, ['http://one'], (i, side) => ({ user: `${side}${i}` }));
    expect(new Set(specs.map((s) => s.url))).toEqual(new Set(['http://one']));
  });
});
