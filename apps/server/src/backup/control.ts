// The control channel of a DATA_DIR: a Unix socket, DATA_DIR/.control.sock (mode 0600), that the
// server using the directory listens on. A connection that succeeds proves a live server (a
// socket file left by a killed one refuses connections), so it is also the directory's lock:
// two processes opening one PGlite directory corrupt it. Requests and replies are one JSON line.
import { chmod, mkdir, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { relative, resolve } from 'node:path';
import { ConfigError } from '../config.js';
import { messageOf } from '../error-message.js';

export const CONTROL_SOCKET_NAME = '.control.sock';
// sun_path holds 108 bytes on Linux (104 on macOS), including the terminating NUL.
const MAX_SOCKET_PATH = 103;

export type ControlRequest = { op: 'ping' } | { op: 'backup' };
export type ControlReply = { ok: true; [key: string]: unknown } | { ok: false; error: string };
export type ControlHandler = (request: ControlRequest) => Promise<ControlReply>;

/**
 * The socket's path: absolute, or relative to the working directory when the absolute path is
 * too long for a Unix socket. A DATA_DIR too long for both is a configuration error.
 */
export function controlSocketPath(dataDir: string): string {
  const absolute = resolve(dataDir, CONTROL_SOCKET_NAME);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const near = relative(process.cwd(), absolute);
  if (Buffer.byteLength(near) <= MAX_SOCKET_PATH) return near;
  throw new ConfigError(
    `Invalid configuration: DATA_DIR: its control socket path is longer than ${MAX_SOCKET_PATH} bytes; use a shorter DATA_DIR or start from a directory near it`,
  );
}

function dial(path: string): Promise<Socket> {
  return new Promise((resolveSocket, reject) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolveSocket(socket);
    });
    socket.once('error', reject);
  });
}

const GONE = new Set(['ENOENT', 'ECONNREFUSED', 'ENOTDIR']);

/** Whether a live server uses this DATA_DIR (its control socket answers). */
export async function dataDirInUse(dataDir: string): Promise<boolean> {
  try {
    (await dial(controlSocketPath(dataDir))).destroy();
    return true;
  } catch (error) {
    // Any other failure (EACCES: another user's server) counts as in use: never risk two owners.
    return !GONE.has((error as NodeJS.ErrnoException).code ?? '');
  }
}

/** Asks the server using DATA_DIR; resolves with its reply. */
export async function askServer(dataDir: string, request: ControlRequest): Promise<ControlReply> {
  const socket = await dial(controlSocketPath(dataDir));
  // A backup takes seconds; a server that stops answering must not hang the command.
  socket.setTimeout(10 * 60_000, () => socket.destroy(new Error('the server did not answer')));
  // Not end(): the server would close its side with ours, before it answers.
  socket.write(JSON.stringify(request) + '\n');
  let text = '';
  for await (const chunk of socket) text += (chunk as Buffer).toString();
  try {
    return JSON.parse(text) as ControlReply;
  } catch {
    return { ok: false, error: 'the server closed the control channel without an answer' };
  }
}

export class DataDirInUseError extends ConfigError {
  constructor(dataDir: string) {
    super(
      `DATA_DIR ${resolve(dataDir)} is in use by another running server (its ${CONTROL_SOCKET_NAME} answers): stop it first`,
    );
  }
}

export interface ControlChannel {
  /** Answers requests from now on (before, every request but ping is refused). */
  serve(handler: ControlHandler): void;
  close(): Promise<void>;
}

/** The first line a client sends (at most 4 KiB), without ending the socket. */
function requestLine(socket: Socket): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('\n') && text.length <= 4096) return;
      socket.off('data', onData).off('end', onEnd).setTimeout(0);
      resolveLine(text.split('\n')[0]!);
    };
    const onEnd = () => resolveLine(text);
    // A client that never finishes its line must not hold the server's shutdown.
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

async function reply(socket: Socket, handler: ControlHandler | undefined): Promise<void> {
  let answer: ControlReply;
  try {
    const request = JSON.parse(await requestLine(socket)) as ControlRequest;
    if (request.op === 'ping') answer = { ok: true, pid: process.pid };
    else if (!handler) answer = { ok: false, error: 'the server is still starting' };
    else answer = await handler(request);
  } catch (error) {
    answer = { ok: false, error: messageOf(error) };
  }
  socket.end(JSON.stringify(answer) + '\n');
}

/**
 * Takes DATA_DIR for this process: refuses (DataDirInUseError) when a live server has it, removes
 * a socket file left by a killed one, and listens. Call before opening PGlite on the directory.
 */
export async function claimDataDir(dataDir: string): Promise<ControlChannel> {
  const path = controlSocketPath(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (await dataDirInUse(dataDir)) throw new DataDirInUseError(dataDir);
  await rm(path, { force: true });
  let handler: ControlHandler | undefined;
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    reply(socket, handler).catch(() => socket.destroy());
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      failed(error.code === 'EADDRINUSE' ? new DataDirInUseError(dataDir) : error),
    );
    server.listen(path, () => listening());
  });
  await chmod(path, 0o600);
  return {
    serve: (next) => void (handler = next),
    close: () =>
      new Promise<void>((closed) => {
        // Closing the server removes its socket file.
        server.close(() => closed());
      }),
  };
}
