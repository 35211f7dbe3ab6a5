import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientFleet } from './client-fleet.js';
import { freePort, ROOT, startProcess, type ServerProcess } from './server-process.js';

describe('benchmark client fleet', () => {
  let relay: ServerProcess;

  beforeAll(async () => {
    relay = await startProcess({
      entry: `${ROOT}bench/baseline-relay.ts`,
      env: {},
      healthPath: '/health',
    });
  });
  afterAll(() => relay?.stop());

  it('spreads couples over client processes and counts every desire once', async () => {
    const specs = Array.from({ length: 5 }, (_, i) => [
      { url: relay.url, auth: { user: `a${i}`, partner: `b${i}` } },
      { url: relay.url, auth: { user: `b${i}`, partner: `a${i}` } },
    ]).flat();
    const fleet = await startClientFleet(specs, 2);
    try {
      expect(fleet.sockets).toBe(10);
      const load = await fleet.load({ rate: 40, durationS: 1 });
      expect(load).toMatchObject({
        clientProcesses: 2,
        sent: 40,
        acked: 40,
        delivered: 40,
        errors: 0,
        lost: 0,
        duplicated: 0,
      });
      expect(load.latency.count).toBe(40);
      expect(load.latency.max).toBeLessThan(5_000);
    } finally {
      await fleet.close();
    }
  });

  it('fails with the client process’s reason when a socket cannot connect', async () => {
    const port = await freePort();
    const specs = [
      { url: `http://127.0.0.1:${port}`, auth: { user: 'a', partner: 'b' } },
      { url: `http://127.0.0.1:${port}`, auth: { user: 'b', partner: 'a' } },
    ];
    await expect(startClientFleet(specs, 1)).rejects.toThrow(/^client process: /);
  });
});
