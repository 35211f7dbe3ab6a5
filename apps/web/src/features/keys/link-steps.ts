import { E2eError, KEY_TEXTS } from '@couple/protocol/browser';
import type { LinkRequestAnswer } from '@couple/protocol';
import { ApiError } from '../../lib/api-errors.js';
import { call } from '../../lib/api.js';
import { LINK_POLL_MS } from '../../lib/constants.js';

/** The screen left the link (unmounted or started again): stop quietly. */
export class LinkLeft extends Error {}

/**
 * Reads the request every LINK_POLL_MS until `pick` finds the next step's values. Each value is
 * taken once: a device never reads a step again, so the server cannot swap it afterwards.
 */
export async function waitForLinkStep<T>(
  id: string,
  pick: (request: LinkRequestAnswer) => T | null,
  live: () => boolean,
): Promise<T> {
  for (;;) {
    const value = pick(await call('getLinkRequest', { params: { id } }));
    if (!live()) throw new LinkLeft();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, LINK_POLL_MS));
    if (!live()) throw new LinkLeft();
  }
}

const REFUSALS = new Set(['link_step_out_of_order', 'link_commitment_mismatch']);

/**
 * What a failed link says: expired; refused (the server refused a step, or a seal or commitment
 * did not check out), in the side's own words; or the general failure.
 */
export function linkFailureText(error: unknown, refused: string): string {
  if (error instanceof E2eError) return refused;
  if (!(error instanceof ApiError)) return KEY_TEXTS.linkFailed;
  if (error.code === 'link_request_expired') return KEY_TEXTS.linkExpired;
  return error.code && REFUSALS.has(error.code) ? refused : KEY_TEXTS.linkFailed;
}
