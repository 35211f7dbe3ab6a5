import { createContext, useContext } from 'react';

/**
 * What other features carry in a device link beside the keys (docs/security.md, "Device
 * linking"): gathered on the approving device, adopted on the new one. The app provides it
 * (app/link-carried.ts), so that keys never import the features that build on them.
 */
export interface LinkCarried {
  /** One's wish answers and settings on the approving device; undefined carries none. */
  gatherWishes(userId: string): Promise<unknown>;
  /** Merges what `gatherWishes` gave on the other device; throws when it is not that. */
  adoptWishes(userId: string, wishes: unknown): Promise<void>;
}

export const CARRIES_NOTHING: LinkCarried = {
  gatherWishes: () => Promise.resolve(undefined),
  adoptWishes: () => Promise.resolve(),
};

export const LinkCarriedContext = createContext<LinkCarried>(CARRIES_NOTHING);

export function useLinkCarried(): LinkCarried {
  return useContext(LinkCarriedContext);
}
