import { WISH_ITEM_TEXT_MAX, customWishId } from '@couple/protocol/browser';
import { ApiError } from '../../lib/api-errors.js';
import { i18n } from '../../lib/i18n.js';
import type { EngineContext } from './engine-context.js';

/** The text a custom wish is proposed with, or the reason it cannot be (shown as is). */
export function checkWishText(text: string): { text: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: i18n._('Write the wish first') };
  // Counted as the protocol counts it (UTF-16 code units, like a note).
  if (trimmed.length > WISH_ITEM_TEXT_MAX) {
    return {
      error: i18n._('A wish can be at most {max} characters', { max: WISH_ITEM_TEXT_MAX }),
    };
  }
  return { text: trimmed };
}

/**
 * Proposes a custom wish: its text sealed by this device to both partners (the server only
 * stores it); returns the server's id (the devices match on customWishId of it).
 */
export async function proposeWish(ctx: EngineContext, text: string): Promise<string> {
  const checked = checkWishText(text);
  if ('error' in checked) throw new Error(checked.error);
  const id = ctx.newId();
  const sealed = await ctx.crypto.sealWishItem({
    itemId: customWishId(id),
    couple: ctx.couple,
    identity: ctx.identity,
    partnerPublicKey: ctx.partnerKey.publicKey,
    text: checked.text,
  });
  try {
    await ctx.api.proposeWish({ id, text: sealed });
  } catch (error) {
    // Sealed to a key the partner no longer has: read the keys again (the screen says why).
    if (error instanceof ApiError && error.code === 'partner_key_changed') {
      ctx.onPartnerKeyChanged();
    }
    throw error;
  }
  return id;
}
