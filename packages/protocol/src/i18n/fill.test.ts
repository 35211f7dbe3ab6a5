import { describe, expect, it } from 'vitest';
import { fillEnglish } from './fill.js';

describe('fillEnglish', () => {
  it('puts each value in its placeholder', () => {
    expect(fillEnglish('Request failed with status {status}', { status: 502 })).toBe(
      'Request failed with status 502',
    );
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(fillEnglish('{name} answered: {answer}', { name: 'ana' })).toBe(
      'ana answered: {answer}',
    );
  });
});
