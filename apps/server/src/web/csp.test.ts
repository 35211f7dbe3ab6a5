import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { contentSecurityPolicy } from './csp.js';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .find((part) => part === name || part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicy', () => {
  it('names the https deployment’s own wss: and upgrades insecure requests', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ PUBLIC_URL: 'https://desires.example.com', NODE_ENV: 'test' }),
    );
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'wss://desires.example.com',
      'https://auth.farcaster.xyz',
    ]);
    expect(directive(csp, 'upgrade-insecure-requests')).toEqual([]);
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
  });

  it('keeps an http deployment on ws: without upgrading, and frames by FRAME_ANCESTORS', () => {
    const csp = contentSecurityPolicy(
      loadConfig({
        PUBLIC_URL: 'http://192.168.1.20:3000',
        FRAME_ANCESTORS: 'https://client.example.org',
        FARCASTER_QUICK_AUTH_ORIGIN: 'http://127.0.0.1:4999',
        NODE_ENV: 'test',
      }),
    );
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'ws://192.168.1.20:3000',
      'http://127.0.0.1:4999',
    ]);
    expect(directive(csp, 'upgrade-insecure-requests')).toBeUndefined();
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'", 'https://client.example.org']);
  });
});
