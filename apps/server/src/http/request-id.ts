import { randomBytes } from 'node:crypto';

/**
 * Each request's id for the log: a random prefix per process (instances and restarts differ) and
 * a counter. Ids are only for matching log lines, never a secret; randomBytes per request was 3 %
 * of the server's CPU on GET /api/profile (`bench:http --cpuprof`).
 */
export function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}
