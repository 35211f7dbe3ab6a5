import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createUser, request } from '../helpers/api.js';
import { POLL } from '../helpers/timing.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';

/**
 * SHUTDOWN_DRAIN_SECONDS: on SIGTERM the process goes on serving while its readiness probe
 * says 503, so a proxy's health check moves new work away before it closes; a second signal
 * ends the drain early.
 */
describe('draining on SIGTERM (pglite)', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves through the drain, refuses readiness, and stops on a second signal', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'couple-drain-'));
    // Longer than any test run: only the second signal ends it.
    server = await spawnServer({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '300' });
    const url = server.url;
    expect((await request(url, 'GET', '/api/ready')).status).toBe(200);

    server.child.kill('SIGTERM');
    await vi.waitFor(async () => {
      const ready = await request(url, 'GET', '/api/ready');
      expect([ready.status, ready.body.code]).toEqual([503, 'service_unavailable']);
    }, POLL);
    // A person signing up now is served, not refused.
    const user = await createUser(url);
    const profile = await request(url, 'GET', '/api/profile', { token: user.token });
    expect(profile.status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
