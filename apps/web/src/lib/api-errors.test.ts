import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@couple/protocol/i18n/catalogs/en';
import { ApiError, apiErrorOf, apiErrorText, failureText } from './api-errors.js';
import { i18n, loadLingui } from './i18n.js';

beforeAll(() => loadLingui());

beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages }));

describe('apiErrorText', () => {
  it('uses the body error text', () => {
    expect(apiErrorText(409, '{"error":"Username already taken"}')).toBe('Username already taken');
  });

  it("falls back to 'Request failed' for JSON without an error", () => {
    expect(apiErrorText(500, '{"message":"x"}')).toBe('Request failed');
    expect(apiErrorText(500, '{"error":""}')).toBe('Request failed');
    expect(apiErrorText(500, 'null')).toBe('Request failed');
  });

  it('names the status when the body is not JSON', () => {
    expect(apiErrorText(502, '<html>Bad gateway</html>')).toBe('Request failed with status 502');
    expect(apiErrorText(504, '')).toBe('Request failed with status 504');
  });
});

describe('failureText', () => {
  it('shows API errors and hides the rest behind the fallback', () => {
    expect(failureText(new ApiError(400, 'Invalid pairing code'), 'Failed to connect')).toBe(
      'Invalid pairing code',
    );
    expect(failureText(new TypeError('fetch failed'), 'Failed to connect')).toBe(
      'Failed to connect',
    );
  });

  it('shows the texts in the active language, values filled in', () => {
    i18n.loadAndActivate({
      locale: 'fr',
      messages: {
        'Invalid pairing code': 'Code d’appairage invalide',
        'Failed to connect': 'Échec de la connexion',
        'Request failed with status {status}': ['La requête a échoué (', ['status'], ')'],
      },
    });
    expect(failureText(new ApiError(400, 'Invalid pairing code'), 'Failed to connect')).toBe(
      'Code d’appairage invalide',
    );
    expect(failureText(new Error('x'), 'Failed to connect')).toBe('Échec de la connexion');
    const gateway = apiErrorOf(502, '<html>Bad gateway</html>');
    expect(failureText(gateway, 'Failed to connect')).toBe('La requête a échoué (502)');
    // The logs keep the English.
    expect(gateway.message).toBe('Request failed with status 502');
  });
});

describe('apiErrorOf', () => {
  it('keeps a known error code beside the text, and no code otherwise', () => {
    const taken = apiErrorOf(409, '{"error":"Username already taken","code":"username_taken"}');
    expect(taken).toMatchObject({ status: 409, message: 'Username already taken' });
    expect(taken.code).toBe('username_taken');
    expect(apiErrorOf(409, '{"error":"x","code":"made_up"}').code).toBeNull();
    expect(apiErrorOf(502, '<html>Bad gateway</html>')).toMatchObject({
      code: null,
      message: 'Request failed with status 502',
    });
  });
});
