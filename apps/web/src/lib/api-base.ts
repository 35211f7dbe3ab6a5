import { API_PREFIX } from '@couple/protocol/browser';

/** SPEC §7: the contract's prefix (/api), or a configured URL (VITE_API_URL at build time). */
export const API_BASE: string = import.meta.env.VITE_API_URL ?? API_PREFIX;
