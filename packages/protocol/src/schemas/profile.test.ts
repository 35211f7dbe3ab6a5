import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS, TEXTS } from '../texts.js';
import { isTemporaryUsername } from '../rules.js';
import { usernameSchema } from './profile.js';

const errorOf = (input: unknown) => usernameSchema.safeParse(input).error?.issues[0]?.message;

describe('usernameSchema', () => {
  it('trims and lower-cases', () => {
    expect(usernameSchema.parse('  Alice.B_9 ')).toBe('alice.b_9');
  });

  it('accepts 3 and 20 characters', () => {
    expect(usernameSchema.parse('abc')).toBe('abc');
    expect(usernameSchema.parse('a'.repeat(20))).toBe('a'.repeat(20));
  });

  it('refuses fewer than 3 characters after trimming, and a non-string', () => {
    expect(errorOf('ab')).toBe(TEXTS.usernameTooShort);
    expect(errorOf('  ab  ')).toBe(TEXTS.usernameTooShort);
    expect(errorOf('')).toBe(TEXTS.usernameTooShort);
    expect(errorOf(42)).toBe(TEXTS.usernameTooShort);
  });

  it('refuses more than 20 characters', () => {
    expect(errorOf('a'.repeat(21))).toBe(SERVER_TEXTS.usernameTooLong);
  });

  it.each(['al ice', 'al-ice', 'alice!', 'élodie', 'ali😀', 'a/b/c'])(
    'refuses the characters of %j',
    (name) => {
      expect(errorOf(name)).toBe(SERVER_TEXTS.usernameCharacters);
    },
  );

  it("refuses the temporary 'user_' prefix in any case", () => {
    expect(errorOf('user_abc')).toBe(SERVER_TEXTS.usernameReserved);
    expect(errorOf('USER_abc')).toBe(SERVER_TEXTS.usernameReserved);
    expect(usernameSchema.parse('username')).toBe('username');
    expect(usernameSchema.parse('my_user_')).toBe('my_user_');
  });
});

describe('isTemporaryUsername', () => {
  it('marks missing and user_ names as temporary', () => {
    expect(isTemporaryUsername(null)).toBe(true);
    expect(isTemporaryUsername(undefined)).toBe(true);
    expect(isTemporaryUsername('')).toBe(true);
    expect(isTemporaryUsername('user_1a2b')).toBe(true);
    expect(isTemporaryUsername('alice')).toBe(false);
  });
});
