import type { ErrorCode } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import { selectResult } from '../db/call.js';

export interface DebugLogRow {
  function_name: string;
  input_params: unknown;
  error_message: string | null;
  execution_time_ms: number | null;
  created_at: string;
}

export function insertDebugLog(
  q: Queryable,
  entry: {
    functionName: string;
    inputParams: unknown;
    errorMessage: string | null;
    executionTimeMs: number | null;
  },
): Promise<{ success: boolean; error_code: ErrorCode | null }> {
  return selectResult(q, 'SELECT log_debug($1, $2::jsonb, $3, $4) AS result', [
    entry.functionName,
    entry.inputParams === undefined ? null : JSON.stringify(entry.inputParams),
    entry.errorMessage,
    entry.executionTimeMs,
  ]);
}

export async function selectRecentDebugLogs(
  q: Queryable,
  /** null: the SQL function's default (50); any value is clamped to 1..100 there. */
  limit: number | null,
  functionName: string | null,
): Promise<DebugLogRow[]> {
  const { rows } = await q.query<DebugLogRow>('SELECT * FROM get_recent_debug_logs($1, $2)', [
    limit,
    functionName,
  ]);
  return rows;
}

export function selectMessageAccess(q: Queryable): Promise<Record<string, unknown>> {
  return selectResult(q, 'SELECT debug_message_access() AS result');
}
