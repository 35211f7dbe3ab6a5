import type { z } from 'zod';
import { SERVER_TEXTS, findInputProblem, isErrorCode, type ErrorCode } from '@couple/protocol';
import { HttpError } from '../errors.js';

/** zod's built-in texts ('Invalid input: expected string…') need the field named to make sense. */
const GENERIC_MESSAGE = /^(Invalid input|Invalid option|Too (small|big)|Unrecognized)/;

function issueCode(issue: z.core.$ZodIssue): ErrorCode {
  if (issue.code === 'unrecognized_keys') return 'unknown_field';
  const declared =
    issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
  return isErrorCode(declared) ? declared : 'invalid_input';
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const prefix = issue.path.length > 0 ? `${issue.path.join('.')}.` : '';
    return SERVER_TEXTS.unknownField(issue.keys.map((key) => prefix + key));
  }
  const field = issue.path.join('.');
  return field && GENERIC_MESSAGE.test(issue.message)
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** Refuses input no schema should see: too deep, or with control characters. */
export function assertAcceptableInput(input: unknown): void {
  const problem = findInputProblem(input);
  if (problem) throw new HttpError('invalid_input', { text: problem.message });
}

/**
 * Parses input with a shared schema; the first issue becomes a 400 with its code (unknown_field
 * for a field the schema does not declare, a schema's own code where it gives one).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  assertAcceptableInput(input);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError('invalid_input');
  throw new HttpError(issueCode(issue), { text: issueText(issue) });
}
