import {
  type GenerateCodeResult,
  type PartnerStatusResponse,
  type PartnerSummary,
  type RpcResult,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { decideDelivery } from '../delivery/decide.js';
import { selectRecipientFacts } from '../delivery/repository.js';
import { HttpError } from '../errors.js';
import { selectOwnProfile, selectPartnerSummary } from '../profile/repository.js';
import * as repo from './repository.js';

export async function getPartnerStatus(
  ctx: AppContext,
  userId: string,
): Promise<PartnerStatusResponse> {
  return ctx.db.asUser(userId, async (tx) => {
    const [status, partner] = [
      await repo.selectMyPartnerStatus(tx),
      await selectPartnerSummary(tx),
    ];
    return { status, has_partner: partner !== null, partner };
  });
}

export async function generatePairingCode(
  ctx: AppContext,
  userId: string,
): Promise<GenerateCodeResult> {
  const result = await ctx.db.asUser(userId, (tx) => repo.generatePairingCode(tx));
  if (!result.success || !result.code || !result.expires_at) {
    throw new HttpError(result.error_code ?? 'internal');
  }
  // jsonb prints timestamps its own way; answer in the ISO form every other timestamp uses.
  return {
    success: true,
    code: result.code,
    expires_at: new Date(result.expires_at).toISOString(),
    error: null,
  };
}

/**
 * The code arrives normalised (no dash, upper case) by pairingCodeSchema. The code owner, now the
 * caller's partner, is told by push: what that needs is read in the same transaction.
 */
export async function connectWithPairingCode(
  ctx: AppContext,
  userId: string,
  code: string,
): Promise<RpcResult & { partner: PartnerSummary }> {
  const outcome = await ctx.db.asUser(userId, async (tx) => {
    const result = await repo.connectWithPairingCode(tx, code);
    if (!result.success) return { ok: false, code: result.error_code ?? 'internal' } as const;
    const [partner, self] = [await selectPartnerSummary(tx), await selectOwnProfile(tx)];
    const [codeOwner] = await selectRecipientFacts(tx, [partner!.id]);
    return {
      ok: true,
      connectionId: (await repo.selectLatestConnectionId(tx))!,
      partner: partner!,
      self: { id: self!.id, username: self!.username },
      codeOwner: codeOwner ?? null,
    } as const;
  });
  if (!outcome.ok) throw new HttpError(outcome.code);
  ctx.events.emit('partnerConnected', {
    userId,
    connectionId: outcome.connectionId,
    partner: outcome.partner,
    self: outcome.self,
    codeOwner: decideDelivery('partnerConnected', outcome.codeOwner, ctx.clock.now()),
  });
  return { success: true, error: null, partner: outcome.partner };
}

export async function disconnectFromPartner(ctx: AppContext, userId: string): Promise<RpcResult> {
  const { result, connectionId } = await ctx.db.asUser(userId, async (tx) => {
    const result = await repo.disconnectFromPartner(tx);
    return {
      result,
      connectionId: result.success ? await repo.selectLatestConnectionId(tx) : null,
    };
  });
  if (!result.success || !result.partner_id || !connectionId) {
    throw new HttpError(result.error_code ?? 'no_partner_connection');
  }
  ctx.events.emit('partnerDisconnected', { userId, partnerId: result.partner_id, connectionId });
  return { success: true, message: result.message, error: null };
}
