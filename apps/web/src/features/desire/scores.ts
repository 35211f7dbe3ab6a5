import { SCORE_DEFAULT, SCORE_MAX, SCORE_MIN } from '@couple/protocol/browser';
import { readStorage, writeStorage } from '../../lib/storage.js';

/** A remembered slider value, or the default 5 when missing or out of range. */
export function parseScore(raw: string | null): number {
  if (raw === null || raw.trim() === '') return SCORE_DEFAULT;
  const value = Number(raw);
  return Number.isInteger(value) && value >= SCORE_MIN && value <= SCORE_MAX
    ? value
    : SCORE_DEFAULT;
}

export const loadScore = (key: string) => parseScore(readStorage(key));
export const saveScore = (key: string, value: number) => writeStorage(key, String(value));
