import Fastify from 'fastify';
import { createECDH, randomBytes } from 'node:crypto';
import { Agent } from 'node:https';
import { describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { openPushAgent } from './app-sender.js';
import { createPushSender } from './sender.js';

describe('openPushAgent', () => {
  it('makes a public-only agent whose sockets close with the app', async () => {
    const app = Fastify();
    const { agent, publicOnly } = openPushAgent(app);
    const destroy = vi.spyOn(agent, 'destroy');
    expect(publicOnly).toBe(true);
    await app.ready();
    expect(destroy).not.toHaveBeenCalled();
    await app.close();
    expect(destroy).toHaveBeenCalledOnce();
  });

  it("leaves a test's agent to the test, and lets it reach its local push service", async () => {
    const app = Fastify();
    const given = new Agent();
    const destroy = vi.spyOn(given, 'destroy');
    expect(openPushAgent(app, given)).toEqual({ agent: given, publicOnly: false });
    await app.close();
    expect(destroy).not.toHaveBeenCalled();
    given.destroy();
  });
});

describe('a public-only push sender', () => {
  it('refuses an endpoint on a private address before any request, whichever agent it holds', async () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const vapid = { subject: 'mailto:ops@example.com', publicKey, privateKey };
    const agent = new Agent();
    const request = vi.spyOn(agent, 'createConnection');
    const sender = createPushSender(vapid, { agent, publicOnly: true });
    const outcome = await sender.send(
      {
        endpoint: 'https://127.0.0.1:9/push/1',
        expirationTime: null,
        keys: {
          p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
      { userId: 'u1', title: 't', body: 'b', url: '/', data: { type: 'thought' } },
      { ttlSeconds: 60, urgency: 'normal' },
    );
    expect(outcome).toMatchObject({ result: 'failed' });
    expect(request).not.toHaveBeenCalled();
    agent.destroy();
  });
});
