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
