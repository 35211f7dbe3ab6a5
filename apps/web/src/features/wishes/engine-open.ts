import type { WishItem, WishMatchSet } from '@couple/protocol';
import { customWishId, type Identity, type WishCouple } from '@couple/protocol/browser';
import { asSealed, recipientIdentity, type WishCrypto } from './wish-crypto.js';

/** What opening needs: the device's identities and the partner keys it trusts, by key id. */
export interface OpenKeys {
  couple: WishCouple;
  identities: readonly Identity[];
  trustedPartnerKeys: ReadonlyMap<string, string>;
}

/**
 * The person's own match list. It opens only when one of the account's own keys sealed it (any
 * device of the person, after linking) and it names the round it was stored for.
 */
export async function openOwnMatches(
  crypto: WishCrypto,
  keys: OpenKeys,
  stored: WishMatchSet | null,
): Promise<string[]> {
  const sealed = stored ? asSealed(stored.matches) : null;
  if (!stored || !sealed) return [];
  const sealer = keys.identities.find(
    (identity) => identity.keyId === sealed.encryption_data.sender_key_id,
  );
  const identity = recipientIdentity(sealed, keys.identities);
  if (!sealer || !identity) return [];
  const opened = await crypto.openWishMatches({
    couple: keys.couple,
    identity,
    senderPublicKey: sealer.publicKey,
    sealed,
  });
  return opened.roundId === stored.round_id ? opened.matches : [];
}

export interface OpenedWish {
  /** customWishId of the server's uuid: what the devices match on. */
  id: string;
  /** The server's id, for withdrawing it. */
  serverId: string;
  text: string;
  proposedByMe: boolean;
}

/**
 * A custom wish opens with its proposer's key: one of the account's own, or a partner key this
 * device trusts. One that does not open (an untrusted key, a device with no key for it) is left
 * out: this device cannot show it, so cannot have answered it.
 */
async function openItem(
  crypto: WishCrypto,
  keys: OpenKeys,
  item: WishItem,
): Promise<OpenedWish | null> {
  const sealed = asSealed(item.text);
  if (!sealed) return null;
  const mine = item.proposer_id === keys.couple.selfId;
  const sealerId = sealed.encryption_data.sender_key_id;
  const senderPublicKey = mine
    ? keys.identities.find((identity) => identity.keyId === sealerId)?.publicKey
    : item.proposer_id === keys.couple.partnerId
      ? keys.trustedPartnerKeys.get(sealerId)
      : undefined;
  const identity = recipientIdentity(sealed, keys.identities);
  if (!senderPublicKey || !identity) return null;
  const id = customWishId(item.id);
  const text = await crypto.openWishItem({
    itemId: id,
    proposerId: item.proposer_id,
    couple: keys.couple,
    identity,
    senderPublicKey,
    sealed,
  });
  return { id, serverId: item.id, text, proposedByMe: mine };
}

export async function openCustomWishes(
  crypto: WishCrypto,
  keys: OpenKeys,
  items: readonly WishItem[],
  onError: (error: unknown) => void,
): Promise<OpenedWish[]> {
  const opened = await Promise.all(
    items.map((item) =>
      openItem(crypto, keys, item).catch((error: unknown) => {
        onError(error);
        return null;
      }),
    ),
  );
  return opened.filter((wish): wish is OpenedWish => wish !== null);
}
