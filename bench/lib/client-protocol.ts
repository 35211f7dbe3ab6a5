import type { ClientSpec } from './clients.js';
import type { LoadPart } from './load.js';

/** Coordinator → client process. */
export type ToClientProcess =
  | { kind: 'connect'; specs: ClientSpec[]; concurrency: number }
  | { kind: 'load'; total: number; durationS: number; startAt: number }
  | { kind: 'close' };

/** Client process → coordinator. */
export type FromClientProcess =
  | { kind: 'connected'; sockets: number }
  | { kind: 'loaded'; part: LoadPart }
  | { kind: 'failed'; message: string };
