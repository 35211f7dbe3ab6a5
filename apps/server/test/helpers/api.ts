import type { Message, NewDesire, Session } from '@couple/protocol';

export interface ApiResponse<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** The loose shape most answers share; tests name a precise type where they need one. */
export interface Answer {
  error?: string;
  success?: boolean;
  code?: string | null;
  expires_at?: string | null;
  message?: Message;
  messages?: Message[];
  count?: number;
  ids?: string[];
  [key: string]: unknown;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is, for malformed-JSON tests. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function request<T = Answer>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  const parsed: unknown =
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/**
 * A set-up call, tried again while the server sheds load (503 `server_busy`, nothing done) after
 * its Retry-After, as a client would: a machine busy with other test files can stall a server's
 * event loop past the shedding limit. Tests of shedding itself use `request`.
 */
async function setUpRequest<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await request<T>(baseUrl, method, path, options);
    if (response.status !== 503 || attempt === 10) return response;
    const seconds = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  token: string;
  session: Session;
}

let counter = 0;

/** Signs up a user with a chosen username. */
export async function createUser(baseUrl: string, username?: string): Promise<TestUser> {
  counter += 1;
  const name = username ?? `u${process.pid % 1000}_${counter}_${Math.floor(Math.random() * 1e6)}`;
  const email = `${name}@example.com`;
  const password = 'correct horse';
  const signup = await setUpRequest<Session>(baseUrl, 'POST', '/api/auth/signup', {
    body: { email, password, username: name },
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  return {
    id: signup.body.user.id,
    email,
    password,
    username: name,
    token: signup.body.access_token,
    session: signup.body,
  };
}

/** Pairs two users through a code the owner generates; returns the code. */
export async function pair(baseUrl: string, owner: TestUser, redeemer: TestUser): Promise<string> {
  const generated = await setUpRequest<Answer>(baseUrl, 'POST', '/api/partner/generate-code', {
    token: owner.token,
  });
  if (generated.status !== 200)
    throw new Error(`generate failed: ${JSON.stringify(generated.body)}`);
  const connected = await setUpRequest<Answer>(baseUrl, 'POST', '/api/partner/connect', {
    token: redeemer.token,
    body: { code: generated.body.code },
  });
  if (connected.status !== 200)
    throw new Error(`connect failed: ${JSON.stringify(connected.body)}`);
  return generated.body.code!;
}

export function desire(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { intensity: 7, urgency: 4, content: 'tonight?', encrypted: false, ...overrides };
}

/**
 * A plain desire as the services and repository take it (already parsed): built directly, so a
 * test can also hand the database what the payload schema would refuse.
 */
export function newDesire({
  id,
  receiverId,
  intensity = 7,
  note = 'tonight?',
}: { id?: string; receiverId?: string; intensity?: number; note?: string | null } = {}): NewDesire {
  return {
    id,
    receiverId,
    intensity,
    urgency: 3,
    encrypted: false,
    note,
    noteEncrypted: null,
    encryptionData: null,
  };
}

/** The members of a session answer, sorted: exactly these, no more. */
export const SESSION_KEYS = [
  'access_token',
  'expires_at',
  'expires_in',
  'refresh_token',
  'token_type',
  'user',
];

/** The session id (`sid`) an access token carries, read without checking it. */
export function sessionIdOf(accessToken: string): string {
  const payload: unknown = JSON.parse(
    Buffer.from(accessToken.split('.')[1]!, 'base64url').toString(),
  );
  return (payload as { sid: string }).sid;
}
