import { createServer } from 'node:https';
import { describe, expect, it } from 'vitest';
import {
  assertPublicEndpoint,
  createPublicFetch,
  createPublicOnlyAgent,
  isPublicAddress,
} from './public-network.js';

describe('push endpoints are kept off private networks', () => {
  it('tells public from private, loopback and link-local addresses', () => {
    for (const address of [
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.4.4',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::7f00:1',
      '::10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::c0a8:101',
      '64:ff9b:1::808:808',
      '2002:7f00:1::1',
      '2002:a00:1::',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses endpoints naming localhost or a private address literally', () => {
    expect(() => assertPublicEndpoint('https://localhost/push')).toThrow();
    expect(() => assertPublicEndpoint('https://127.0.0.1:8443/push')).toThrow();
    expect(() => assertPublicEndpoint('https://[::1]/push')).toThrow();
    expect(() => assertPublicEndpoint('https://169.254.169.254/latest')).toThrow();
    expect(() => assertPublicEndpoint('https://[::ffff:127.0.0.1]/push')).toThrow();
    expect(() => assertPublicEndpoint('https://[64:ff9b::7f00:1]/push')).toThrow();
    expect(() => assertPublicEndpoint('https://[2002:a9fe:a9fe::]/latest')).toThrow();
    expect(() => assertPublicEndpoint('https://fcm.googleapis.com/fcm/send/x')).not.toThrow();
  });

  it('will not connect to a host name that resolves to loopback', async () => {
    const server = createServer((_request, response) => response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const agent = createPublicOnlyAgent();
    const { request } = await import('node:https');
    const outcome = await new Promise<string>((resolve) => {
      const req = request(
        { host: 'localhost', port, path: '/', agent, rejectUnauthorized: false },
        () => resolve('connected'),
      );
      req.on('error', (error) => resolve(error.message));
      req.end();
    });
    agent.destroy();
    server.close();
    expect(outcome).toMatch(/does not resolve to a public address/);
  });
});

describe('fetch for user-supplied URLs', () => {
  it('refuses http, localhost and private literals before any request', async () => {
    const publicFetch = createPublicFetch();
    for (const url of [
      'http://example.com/x',
      'https://localhost/x',
      'https://10.0.0.1/x',
      'https://[::1]/x',
    ]) {
      await expect(publicFetch(url, { method: 'POST', body: '{}' }), url).rejects.toThrow();
    }
  });
});
