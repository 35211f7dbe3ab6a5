import { describe, expect, it } from 'vitest';
import { SERVER_EVENTS } from '@couple/protocol';
import { loadConfig } from '../config.js';
import { countDeliveries } from '../live/delivery-count.js';
import { answerScrape } from './endpoint.js';
import { webPushFailure } from './push.js';
import { createMetrics } from './registry.js';
import type { Database } from '../db/index.js';
import type { DatabaseLoad } from '../db/load.js';

const TOKEN = 'a-metrics-token-of-32-characters';

function bareMetrics() {
  const load: DatabaseLoad = { pending: () => 3, oldestMs: () => 1500, track: (work) => work() };
  // No driver stats are registered for this object: only the load gauges appear.
  const db = { driver: 'pglite' } as Database;
  return createMetrics({ db, load, processDefaults: false });
}

describe('metrics configuration', () => {
  it('is off unless set, and takes a token of at least 16 characters', () => {
    const off = loadConfig({});
    expect([off.METRICS_PORT, off.METRICS_HOST, off.METRICS_TOKEN]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      'Invalid configuration: METRICS_TOKEN: must be at least 16 characters',
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});

describe('answerScrape', () => {
  const metrics = bareMetrics();
  const ask = (authorization: string | undefined, url = '/metrics') =>
    answerScrape(metrics, TOKEN, { url, authorization });

  it('answers the right bearer token, in either case of the scheme', async () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `Bearer  ${TOKEN} `]) {
      const answer = await ask(header);
      expect(answer.status, header).toBe(200);
      expect(answer.body).toContain('couple_db_pending_operations 3');
      expect(answer.body).toContain('couple_db_oldest_operation_age_seconds 1.5');
    }
  });

  it('refuses anything else with 401 and a JSON body', async () => {
    for (const header of [undefined, '', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer']) {
      const answer = await ask(header);
      expect(answer.status, String(header)).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
    }
  });

  it('asks no token when none is configured, and refuses a query string', async () => {
    const open = await answerScrape(metrics, undefined, {
      url: '/metrics',
      authorization: undefined,
    });
    expect(open.status).toBe(200);
    const query = await ask(`Bearer ${TOKEN}`, '/metrics?name[]=x');
    expect(query.status).toBe(400);
    expect(JSON.parse(query.body)).toMatchObject({ code: 'invalid_input' });
  });
});

describe('recordBackup', () => {
  it('sets the time of the last success and counts failures', async () => {
    const metrics = bareMetrics();
    metrics.recordBackup({ ok: true, finishedAt: new Date('2026-01-02T03:04:05Z') });
    metrics.recordBackup({ ok: false, finishedAt: new Date('2026-01-03T00:00:00Z') });
    const text = await metrics.registry.metrics();
    expect(text).toContain('couple_backup_last_success_timestamp_seconds 1767323045');
    expect(text).toContain('couple_backup_failures_total 1');
  });
});

describe('webPushFailure', () => {
  it('names a failure by a reason of few values', () => {
    expect(webPushFailure({ result: 'gone', status: 410 })).toBe('gone');
    expect(webPushFailure({ result: 'failed', status: 400, reason: 'x' })).toBe('rejected');
    expect(webPushFailure({ result: 'failed', status: 503, reason: 'x' })).toBe(
      'push_service_error',
    );
    expect(webPushFailure({ result: 'failed', status: null, reason: 'ETIMEDOUT' })).toBe('network');
  });
});

describe('countDeliveries', () => {
  it('counts a new_message once however many sockets of one broadcast write it', () => {
    let count = 0;
    const listener = countDeliveries(() => (count += 1));
    const message = { id: 'm1' };
    listener(SERVER_EVENTS.newMessage, message);
    listener(SERVER_EVENTS.newMessage, message);
    listener(SERVER_EVENTS.messageSent, { id: 'm2' });
    listener(SERVER_EVENTS.unreadCount, { count: 1 });
    expect(count).toBe(1);
    listener(SERVER_EVENTS.newMessage, { id: 'm3' });
    expect(count).toBe(2);
  });
});
