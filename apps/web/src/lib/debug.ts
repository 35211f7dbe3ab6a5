import { APP_VERSION } from '@couple/protocol/browser';
import { DEBUG_LOG_CAPACITY } from './constants.js';

/** SPEC §3 debug log entry, kept in a ring buffer here and sent to POST /api/debug/logs. */
export interface DebugLogEntry {
  function_name: string;
  error_message: string;
  execution_time_ms: number | null;
  created_at: string;
}

const entries: DebugLogEntry[] = [];

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

/** Logs as CLIENT_ERROR_<context> (SPEC §7) to the console and the ring buffer. */
export function logClientError(context: string, error: unknown, executionTimeMs?: number): void {
  const entry: DebugLogEntry = {
    function_name: `CLIENT_ERROR_${context}`,
    error_message: errorMessage(error),
    execution_time_ms: executionTimeMs ?? null,
    created_at: new Date().toISOString(),
  };
  entries.push(entry);
  if (entries.length > DEBUG_LOG_CAPACITY) entries.shift();
  console.error(entry.function_name, entry.error_message);
  void reportToServer(entry);
}

/**
 * Best effort and never recursive: a report that fails is dropped, not logged again. Loaded
 * lazily because the HTTP client itself logs through this module.
 */
async function reportToServer(entry: DebugLogEntry): Promise<void> {
  try {
    const [{ getSession }, { request }] = await Promise.all([
      import('./session.js'),
      import('./http.js'),
    ]);
    if (!getSession()) return;
    await request('POST', '/debug/logs', {
      body: {
        function_name: entry.function_name,
        error_message: entry.error_message.slice(0, 2000),
        execution_time_ms:
          entry.execution_time_ms === null
            ? null
            : Math.max(0, Math.round(entry.execution_time_ms)),
      },
    });
  } catch {
    // Nowhere left to report to.
  }
}

/** Newest first, like get_recent_debug_logs(p_limit, p_function_name). */
export function recentDebugLogs(limit = 20, functionName?: string): DebugLogEntry[] {
  return entries
    .filter((entry) => !functionName || entry.function_name === functionName)
    .slice(-limit)
    .reverse();
}

export type DebugProbe = () => unknown;
const probes = new Map<string, DebugProbe>();

/** Features add read-only probes (never tokens) that window.coupleDebug exposes. */
export function addDebugProbe(name: string, probe: DebugProbe): void {
  probes.set(name, probe);
}

export function installDebugTools(): void {
  const tools = {
    version: APP_VERSION,
    logs: recentDebugLogs,
    clearLogs: () => void entries.splice(0),
    state: () => Object.fromEntries([...probes].map(([name, probe]) => [name, probe()])),
  };
  Object.assign(window, { coupleDebug: tools });
  window.addEventListener('error', (event) =>
    logClientError('window', event.error ?? event.message),
  );
  window.addEventListener('unhandledrejection', (event) => logClientError('promise', event.reason));
}
