import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, emitWithAck, nextEvent } from './helpers/live-client.js';
import { samples, scrape, valueOf, type Family } from './helpers/metrics.js';
import { metricsPortOf } from '../src/metrics/server.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const ANON_KEY = 'test-anon-key-metrics-0123456789';

const ACCEPTED = 'couple_desires_accepted_total';
const DELIVERED = 'couple_desires_delivered_total';

function metricsUrl(server: TestServer): string {
  return `http://127.0.0.1:${metricsPortOf(server.app)}`;
}

/** Issue 26: Prometheus metrics, served only where the operator asked for them. */
describe.each(DRIVERS)('metrics behind METRICS_TOKEN (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let bobLive: Socket;
  let aliceLive: Socket;

  const families = async (): Promise<Family[]> => {
    const answer = await scrape(server.url, TOKEN);
    expect(answer.status).toBe(200);
    return answer.families;
  };

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { METRICS_TOKEN: TOKEN, ANON_KEY } });
    [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    await pair(server.url, alice, bob);
    [bobLive, aliceLive] = await Promise.all([
      connectLive(server.url, bob.token),
      connectLive(server.url, alice.token),
    ]);
  });
  afterAll(async () => {
    bobLive?.close();
    aliceLive?.close();
    await server?.close();
  });

  it('refuses a scrape without the token, or with another, with 401 JSON', async () => {
    for (const token of [undefined, 'metrics-token-for-tests-0123456780', TOKEN.slice(0, -1)]) {
      const answer = await request(server.url, 'GET', '/metrics', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
    const basic = await request(server.url, 'GET', '/metrics', {
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
  });

  it('answers Prometheus text with the process defaults and every metric of the server', async () => {
    const answer = await scrape(server.url, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const names = answer.families.map((family) => family.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'couple_process_cpu_user_seconds_total',
        'couple_process_resident_memory_bytes',
        'couple_nodejs_eventloop_lag_seconds',
        'couple_http_request_duration_seconds',
        ACCEPTED,
        DELIVERED,
        'couple_live_sockets',
        'couple_realtime_connections',
        'couple_realtime_channels',
        'couple_web_push_sent_total',
        'couple_web_push_failed_total',
        'couple_miniapp_notifications_sent_total',
        'couple_miniapp_notifications_failed_total',
        'couple_load_shed_refusals_total',
        'couple_db_pending_operations',
        'couple_db_oldest_operation_age_seconds',
        'couple_backup_last_success_timestamp_seconds',
        'couple_backup_failures_total',
        driver === 'postgres'
          ? 'couple_db_pool_connections'
          : 'couple_pglite_worker_pending_requests',
      ]),
    );
    expect(names.every((name) => name.startsWith('couple_'))).toBe(true);
    expect(valueOf(answer.families, 'couple_live_sockets')).toBe(2);
  });

  it('counts a desire once as accepted and once as delivered, over HTTP and the live channel', async () => {
    const before = await families();
    const arrived = nextEvent(bobLive, 'new_message');
    const sent = await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ id: randomUUID() }),
    });
    expect(sent.status).toBe(201);
    await arrived;
    const afterHttp = await families();
    expect(valueOf(afterHttp, ACCEPTED) - valueOf(before, ACCEPTED)).toBe(1);
    expect(valueOf(afterHttp, DELIVERED) - valueOf(before, DELIVERED)).toBe(1);

    const id = randomUUID();
    const overLive = nextEvent(bobLive, 'new_message');
    expect((await emitWithAck(aliceLive, 'send_message', desire({ id }))).ok).toBe(true);
    await overLive;
    // The same id again is a retry, answered as before: nothing new is accepted or delivered.
    expect((await emitWithAck(aliceLive, 'send_message', desire({ id }))).ok).toBe(true);
    const afterLive = await families();
    expect(valueOf(afterLive, ACCEPTED) - valueOf(afterHttp, ACCEPTED)).toBe(1);
    expect(valueOf(afterLive, DELIVERED) - valueOf(afterHttp, DELIVERED)).toBe(1);
  });

  it('counts a desire sent through /rest/v1 as accepted too', async () => {
    const before = await families();
    const arrived = nextEvent(bobLive, 'new_message');
    const response = await fetch(`${server.url}/rest/v1/messages`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${alice.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        sender_id: alice.id,
        receiver_id: bob.id,
        intensity: 5,
        urgency: 2,
        note: 'later?',
      }),
    });
    expect(response.status).toBe(201);
    await arrived;
    const after = await families();
    expect(valueOf(after, ACCEPTED) - valueOf(before, ACCEPTED)).toBe(1);
    expect(valueOf(after, DELIVERED) - valueOf(before, DELIVERED)).toBe(1);
  });

  it('times HTTP requests by route pattern and status, never by raw URL', async () => {
    const histogram = 'couple_http_request_duration_seconds';
    const count = (families: Family[], labels: Record<string, string>) =>
      samples(families, histogram, labels)
        .filter((sample) => sample.name === `${histogram}_count`)
        .reduce((sum, sample) => sum + sample.value, 0);
    const sends = { method: 'POST', route: '/api/messages', status_code: '201' };
    const reads = { method: 'POST', route: '/api/messages/:id/read', status_code: '404' };
    const unknown = { route: 'unmatched', status_code: '404' };
    const before = await families();
    const id = randomUUID();
    await request(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ id }),
    });
    await request(server.url, 'POST', `/api/messages/${id}/read`, { token: alice.token });
    await request(server.url, 'GET', `/no/such/${id}`);
    const after = await families();
    for (const labels of [sends, reads, unknown]) {
      expect(count(after, labels) - count(before, labels), labels.route).toBe(1);
    }
    const routes = samples(after, histogram).map((sample) => sample.labels.route ?? '');
    expect(routes.filter((route) => route.includes(id))).toEqual([]);
    expect(routes).not.toContain('/metrics');
  });

  it('refuses a query string and other methods with 4xx JSON', async () => {
    const query = await request(server.url, 'GET', '/metrics?name[]=x', { token: TOKEN });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: 'invalid_input' });
    const post = await request(server.url, 'POST', '/metrics', { token: TOKEN });
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ code: 'not_found' });
  });
});

describe.each(DRIVERS)('metrics on METRICS_PORT (%s)', (driver) => {
  let open: TestServer;
  let guarded: TestServer;

  beforeAll(async () => {
    [open, guarded] = await Promise.all([
      startTestServer(driver, { env: { METRICS_PORT: '0' } }),
      startTestServer(driver, { env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), guarded?.close()]);
  });

  it('serves GET /metrics there without a token, and nothing on the main port', async () => {
    const answer = await scrape(metricsUrl(open));
    expect(answer.status).toBe(200);
    expect(valueOf(answer.families, ACCEPTED)).toBe(0);
    const main = await request(open.url, 'GET', '/metrics');
    expect(main.status).toBe(404);
    expect(main.body).toMatchObject({ code: 'not_found' });
  });

  it('answers other paths, methods and query strings there with 4xx JSON', async () => {
    const url = metricsUrl(open);
    for (const [method, path, status, code] of [
      ['GET', '/', 404, 'not_found'],
      ['GET', '/api/health', 404, 'not_found'],
      ['POST', '/metrics', 404, 'not_found'],
      ['GET', '/metrics?x=1', 400, 'invalid_input'],
    ] as const) {
      const answer = await request(url, method, path);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.body, `${method} ${path}`).toMatchObject({ code });
    }
  });

  it('asks for the token on the metrics port too when METRICS_TOKEN is set', async () => {
    expect((await scrape(metricsUrl(guarded))).status).toBe(401);
    expect((await scrape(metricsUrl(guarded), TOKEN)).status).toBe(200);
    expect((await scrape(guarded.url, TOKEN)).status).toBe(200);
  });

  it('stops listening when the app closes', async () => {
    const server = await startTestServer(driver, { env: { METRICS_PORT: '0' } });
    const url = metricsUrl(server);
    expect((await scrape(url)).status).toBe(200);
    await server.close();
    await expect(fetch(`${url}/metrics`)).rejects.toThrow();
  });
});

describe.each(DRIVERS)('metrics off by default (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has no /metrics at all, with or without a token', async () => {
    for (const token of [undefined, TOKEN]) {
      const answer = await request(server.url, 'GET', '/metrics', { token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found' });
    }
    expect(metricsPortOf(server.app)).toBeUndefined();
  });
});
