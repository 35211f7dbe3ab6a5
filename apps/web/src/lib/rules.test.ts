import { describe, expect, it } from 'vitest';
import * as protocol from '@couple/protocol';
import { intensityEmoji, isTemporaryUsername } from './rules.js';

describe('browser copies of protocol rules', () => {
  it('agree on temporary usernames', () => {
    for (const name of [null, undefined, '', 'user_', 'user_abc123', 'alice', 'User_x', 'xuser_']) {
      expect(isTemporaryUsername(name)).toBe(protocol.isTemporaryUsername(name));
    }
  });

  it('agree on the intensity emoji for every score', () => {
    for (let score = 0; score <= 10; score += 1) {
      expect(intensityEmoji(score)).toBe(protocol.intensityEmoji(score));
    }
  });
});
