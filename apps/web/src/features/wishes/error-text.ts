import { ApiError } from '../../lib/api-errors.js';
import { i18n } from '../../lib/i18n.js';

/** A failed wish action's text: the server's (a catalog id, translated), else a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return i18n._(error.text.id, error.text.values);
  return i18n._('That did not work. Try again in a moment.');
}
