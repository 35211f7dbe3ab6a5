import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from './errors.js';

describe('the error vocabulary', () => {
  it('gives every code an error status and a text', () => {
    for (const [code, { status, text }] of Object.entries(ERRORS)) {
      expect(code, code).toMatch(/^[a-z][a-z_]*[a-z]$/);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(text.trim().length, code).toBeGreaterThan(0);
    }
  });

  it('recognises its own codes only', () => {
    expect(isErrorCode('pairing_code_invalid')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('Invalid pairing code')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
