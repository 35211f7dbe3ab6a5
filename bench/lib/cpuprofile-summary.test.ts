import { describe, expect, it } from 'vitest';
import { summarise } from './cpuprofile-summary.js';

const node = (id: number, functionName: string, url = '') => ({
  id,
  callFrame: { functionName, url, lineNumber: 0 },
});

describe('summarise', () => {
  it('counts only what ran from the first request to the last, idle left out', () => {
    const profile = {
      nodes: [
        node(1, 'compile', 'file:///work/apps/server/src/main.ts'),
        node(2, 'parserOnIncoming', 'node:_http_server'),
        node(3, 'answer', 'file:///work/apps/server/src/http/contract-route.ts'),
        node(4, '(idle)'),
        node(5, 'writeBuffer'),
      ],
      // start-up, a request, its work, idle, another request, then the pool's close after a
      // quiet second, which lands on one sample.
      samples: [1, 2, 3, 4, 2, 5],
      timeDeltas: [1000, 1000, 3000, 500, 1000, 1_000_000],
    };
    const { totalMs, functions } = summarise(profile);
    expect(totalMs).toBe(5);
    expect(functions.map(([name]) => name.split(' ')[0])).toEqual(['answer', 'parserOnIncoming']);
  });

  it('counts nothing in a profile with no request', () => {
    const profile = { nodes: [node(1, 'compile')], samples: [1, 1], timeDeltas: [1000, 1000] };
    expect(summarise(profile).totalMs).toBe(0);
  });
});
