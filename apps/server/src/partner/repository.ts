import type { GenerateCodeResult, PartnerStatus } from '@couple/protocol';
import type { Queryable } from '../db/index.js';
import { selectResult } from '../db/call.js';

export interface ConnectResult {
  success: boolean;
  error: string | null;
  partner_id?: string;
}

export interface DisconnectResult {
  success: boolean;
  message: string | null;
  error: string | null;
  partner_id?: string;
}

export function generatePairingCode(q: Queryable): Promise<GenerateCodeResult> {
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
