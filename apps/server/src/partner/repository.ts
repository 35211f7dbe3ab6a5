import type { ErrorCode, PartnerStatus } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import { selectResult } from '../db/call.js';

/** What the pairing functions answer: a failure is named by its code (migration 009). */
interface FunctionResult {
  success: boolean;
  error_code: ErrorCode | null;
}

export interface GeneratedCode extends FunctionResult {
  code: string | null;
  expires_at: string | null;
}

export interface ConnectResult extends FunctionResult {
  partner_id?: string;
}

export interface DisconnectResult extends FunctionResult {
  message: string | null;
  partner_id?: string;
}

export function generatePairingCode(q: Queryable): Promise<GeneratedCode> {
  return selectResult(q, 'SELECT generate_pairing_code() AS result');
}

export function connectWithPairingCode(q: Queryable, code: string): Promise<ConnectResult> {
  return selectResult(q, 'SELECT connect_with_pairing_code($1) AS result', [code]);
}

export function disconnectFromPartner(q: Queryable): Promise<DisconnectResult> {
  return selectResult(q, 'SELECT disconnect_from_partner() AS result');
}

export function selectMyPartnerStatus(q: Queryable): Promise<PartnerStatus> {
  return selectResult(q, 'SELECT coalesce(my_partner_status(), $1) AS result', ['none']);
}

/** The caller's newest connection, open or just ended (row-level security shows only theirs). */
export async function selectLatestConnectionId(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM partner_connections ORDER BY coalesce(ended_at, created_at) DESC LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}
