import { describe, expect, it } from 'vitest';
import { INPUT_DEPTH_MAX } from './constants.js';
import { findInputProblem, hasControlCharacter } from './input-guard.js';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = level % 2 ? { a: value } : [value];
  return value;
}

describe('input guard', () => {
  it('finds control characters but lets tab, newline and carriage return through', () => {
    expect(hasControlCharacter('plain words, émoji 🔥')).toBe(false);
    expect(hasControlCharacter('one\ntwo\tthree\r\n')).toBe(false);
    for (const text of ['\u0000', 'a\u0001', '\u001b[0m', 'del\u007f']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('names the field that holds a control character, in keys as in values', () => {
    expect(findInputProblem({ note: { text: 'a\u0000' } })).toEqual({
      kind: 'control_character',
      message: 'note.text must not contain control characters',
    });
    expect(findInputProblem({ list: ['ok', 'b\u0007'] })?.message).toBe(
      'list.1 must not contain control characters',
    );
    expect(findInputProblem({ ['k\u0000']: 1 })?.kind).toBe('control_character');
    expect(findInputProblem('\u0000')?.message).toBe('Input must not contain control characters');
  });

  it(`accepts nesting up to ${INPUT_DEPTH_MAX} levels and refuses deeper, without recursion`, () => {
    expect(findInputProblem(nested(INPUT_DEPTH_MAX))).toBeNull();
    expect(findInputProblem(nested(INPUT_DEPTH_MAX + 1))?.kind).toBe('too_deep');
    expect(findInputProblem(nested(100_000))?.kind).toBe('too_deep');
  });

  it('accepts ordinary input', () => {
    expect(findInputProblem({ intensity: 5, urgency: '7', content: null, ids: [] })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });
});
