/** SPEC §7: base path /api, or a configured URL (VITE_API_URL at build time). */
export const API_BASE: string = import.meta.env.VITE_API_URL ?? '/api';
