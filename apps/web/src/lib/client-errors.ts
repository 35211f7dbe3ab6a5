/*
 * The client error buffer. It imports nothing but constants, so any module can log through it
 * without joining an import cycle; main.tsx decides where the entries go (window.coupleDebug, the
 * server).
 */
import { DEBUG_LOG_CAPACITY } from './constants.js';

/** SPEC §3 debug log entry (CLIENT_ERROR_<context>). */
export interface ClientErrorEntry {
  function_name: string;
  error_message: string;
  execution_time_ms: number | null;
  created_at: string;
}

export type ClientErrorReporter = (entry: ClientErrorEntry) => void;

/** The newest entries, for window.coupleDebug. */
const entries: ClientErrorEntry[] = [];
/** Entries logged before a reporter was set. */
let unreported: ClientErrorEntry[] = [];
let reporter: ClientErrorReporter | null = null;

function keepNewest(list: ClientErrorEntry[], entry: ClientErrorEntry): void {
  list.push(entry);
  if (list.length > DEBUG_LOG_CAPACITY) list.shift();
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** Logs as CLIENT_ERROR_<context> (SPEC §7) to the console, the buffer and the reporter. */
export function logClientError(context: string, error: unknown, executionTimeMs?: number): void {
  const entry: ClientErrorEntry = {
    function_name: `CLIENT_ERROR_${context}`,
    error_message: errorMessage(error),
    execution_time_ms: executionTimeMs ?? null,
    created_at: new Date().toISOString(),
  };
  keepNewest(entries, entry);
  console.error(entry.function_name, entry.error_message);
  if (reporter) reporter(entry);
  else keepNewest(unreported, entry);
}

/** Hands every entry to report: first those logged before this call, then each new one. */
export function reportClientErrorsTo(report: ClientErrorReporter): void {
  reporter = report;
  const waiting = unreported;
  unreported = [];
  for (const entry of waiting) report(entry);
}

/** Newest first, like get_recent_debug_logs(p_limit, p_function_name). */
export function recentClientErrors(limit = 20, functionName?: string): ClientErrorEntry[] {
  return entries
    .filter((entry) => !functionName || entry.function_name === functionName)
    .slice(-limit)
    .reverse();
}

export function clearClientErrors(): void {
  entries.splice(0);
}
