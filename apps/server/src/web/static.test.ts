import { describe, expect, it } from 'vitest';
import { cacheControlFor, injectEmbedMeta, isSpaRequest } from './static.js';

describe('web static serving', () => {
  it('caches hashed assets for a year and revalidates the entry files', () => {
    expect(cacheControlFor('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/sw.js')).toBe('no-cache');
    expect(cacheControlFor('/manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlFor('/icons/icon-192.png')).toBe('public, max-age=86400');
    // A precompressed copy is cached as the file it is a copy of.
    expect(cacheControlFor('/assets/index-abc123.js.br')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/index.html.gz')).toBe('no-cache');
    expect(cacheControlFor('/sw.js.br')).toBe('no-cache');
  });

  it('falls back to the app shell only for HTML requests outside the API', () => {
    const html = 'text/html,application/xhtml+xml';
    expect(isSpaRequest('/notifications', html)).toBe(true);
    expect(isSpaRequest('/auth/partner?x=1', html)).toBe(true);
    expect(isSpaRequest('/notifications', 'application/json')).toBe(false);
    expect(isSpaRequest('/api/profile', html)).toBe(false);
    expect(isSpaRequest('/socket.io/', html)).toBe(false);
    expect(isSpaRequest('/rest/v1/profiles', html)).toBe(false);
    expect(isSpaRequest('/.well-known/farcaster.json', html)).toBe(false);
    expect(isSpaRequest('/apiary', html)).toBe(true);
  });
});

describe('the fc:miniapp embed meta tag', () => {
  it('goes into the head with its JSON escaped for an attribute', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    const embed = JSON.stringify({
      version: '1',
      button: { title: 'Open "Desires" <now> & then' },
    });
    const out = injectEmbedMeta(html, embed);
    const content = /<meta name="fc:miniapp" content="([^"]*)" \/>\s*<\/head>/.exec(out)?.[1];
    expect(content).toBeDefined();
    const decoded = content!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(JSON.parse(embed));
  });
});
