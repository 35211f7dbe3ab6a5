import { describe, expect, it } from 'vitest';
import { browserFamily } from './browser-family.js';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
};

describe('browserFamily', () => {
  it('groups Chrome, Edge and Chrome on Android as chromium', () => {
    expect(browserFamily(UA.chrome)).toBe('chromium');
    expect(browserFamily(UA.edge)).toBe('chromium');
    expect(browserFamily(UA.androidChrome)).toBe('chromium');
  });

  it('tells Firefox and desktop Safari apart', () => {
    expect(browserFamily(UA.firefox)).toBe('firefox');
    expect(browserFamily(UA.safari)).toBe('safari');
  });

  it('treats every browser on an iPhone as iOS, which needs the Home Screen app', () => {
    expect(browserFamily(UA.iphone)).toBe('ios');
    expect(browserFamily(UA.iphoneChrome)).toBe('ios');
  });

  it('falls back to other for an unknown agent', () => {
    expect(browserFamily('curl/8.0')).toBe('other');
  });
});
