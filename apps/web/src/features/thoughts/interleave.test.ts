import { describe, expect, it } from 'vitest';
import type { Message, Thought } from '@couple/protocol';
import { interleave } from './interleave.js';

const at = (hour: number) => `2026-11-26T${String(hour).padStart(2, '0')}:00:00.000Z`;
const desire = (hour: number) => ({ id: `d${hour}`, created_at: at(hour) }) as Message;
const thought = (hour: number) => ({ id: `t${hour}`, created_at: at(hour) }) as Thought;
const ids = (items: ReturnType<typeof interleave>) =>
  items.map((item) => (item.kind === 'desire' ? item.message.id : item.thought.id));

describe('interleave', () => {
  it('puts desires and thoughts in one line, newest first', () => {
    expect(ids(interleave([desire(9), desire(5)], [thought(7), thought(3)], false))).toEqual([
      'd9',
      't7',
      'd5',
      't3',
    ]);
  });

  it('holds back thoughts older than the desires loaded while more are to come', () => {
    expect(ids(interleave([desire(9), desire(5)], [thought(7), thought(3)], true))).toEqual([
      'd9',
      't7',
      'd5',
    ]);
    expect(ids(interleave([], [thought(2)], false))).toEqual(['t2']);
  });
});
