import { describe, expect, it } from 'vitest';
import { suggestedUsername } from './suggested-username.js';

describe('suggestedUsername', () => {
  it('offers the Farcaster name in our alphabet', () => {
    expect(suggestedUsername('Alice.eth')).toBe('alice.eth');
    expect(suggestedUsername('fc-alice')).toBe('fc_alice');
  });

  it('offers nothing for a name that cannot be a username', () => {
    expect(suggestedUsername(undefined)).toBe('');
    expect(suggestedUsername('al')).toBe('');
    expect(suggestedUsername('user_123')).toBe('');
    expect(suggestedUsername('a'.repeat(40))).toBe('');
    expect(suggestedUsername('émile')).toBe('');
  });
});
