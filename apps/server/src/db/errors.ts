/** True for a unique violation, of the named constraint when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const {
    code,
    constraint: name,
    message,
  } = error as { code?: string; constraint?: string; message?: string };
  if (code !== '23505') return false;
  return !constraint || name === constraint || (message ?? '').includes(constraint);
}

/** Serialisation failures and deadlocks: the same request may succeed when retried. */
export function isSerializationConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '53300',
]);

/** The database cannot be reached or refuses connections now: a 503, not a fault of ours. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code: rawCode, message } = error as { code?: unknown; message?: unknown };
  const code = typeof rawCode === 'string' ? rawCode : '';
  return (
    unavailableCodes.has(code) ||
    code.startsWith('08') ||
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
      typeof message === 'string' ? message : '',
    )
  );
}
