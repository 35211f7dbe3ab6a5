import type { SqlParam } from '../types.js';

/** What the server's thread asks the PGlite worker; `tx` names an open transaction. */
export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params: SqlParam[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'readAsUser'; userId: string; sql: string }
  | { op: 'begin'; tx: number; userId?: string }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'snapshot' }
  | { op: 'close' }
);

/** A database error as it crosses threads: the fields the server's error mapping reads. */
export interface WorkerError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

export type WorkerReply =
  | { id: number; rows?: unknown[]; rowCount?: number; tar?: Uint8Array }
  | { id: number; error: WorkerError };

/** The first message a worker sends: opened, or why it could not open. */
/** What the thread is started with. */
export interface PGliteWorkerData {
  dataDir?: string;
  startFromFile?: string;
}

export type WorkerStarted = { started: true } | { started: false; error: WorkerError };

const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'severity',
] as const;

export function toWorkerError(error: unknown): WorkerError {
  const source = (typeof error === 'object' && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  const copy: WorkerError = {
    message: error instanceof Error ? error.message : String(error),
  };
  for (const field of ERROR_FIELDS) {
    if (typeof source[field] === 'string') copy[field] = source[field];
  }
  return copy;
}

export function fromWorkerError(error: WorkerError): Error {
  return Object.assign(new Error(error.message), error);
}
