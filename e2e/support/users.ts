import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import type { ApiBody, IdentityKeysAnswer, Session } from '@couple/protocol';
import { API_ROUTES, type ApiRouteName } from '@couple/protocol/browser';
import { apiPath } from './api-route.js';

export interface TestUser {
  email: string;
  password: string;
  username: string;
}

export interface ApiUser extends TestUser {
  id: string;
  token: string;
}

/** A fresh person: usernames are 3–20 of [a-z0-9_.] and never start with 'user_'. */
export function newUser(prefix = 'p'): TestUser {
  const username = `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 20);
  return { email: `${username}@example.com`, password: 'correct horse 42', username };
}

interface SessionBody {
  access_token: string;
  user: { id: string };
}

async function ok<T>(response: {
  ok(): boolean;
  status(): number;
  text(): Promise<string>;
}): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`API answered ${response.status()}: ${text}`);
  return JSON.parse(text) as T;
}

/** Set-up through the HTTP API, for tests about a later screen than sign-up and pairing. */
export class Backend {
  constructor(private readonly request: APIRequestContext) {}

  /** One contract route, by its name (its method and path come from API_ROUTES). */
  private async call<T, N extends ApiRouteName = ApiRouteName>(
    name: N,
    options: { user?: ApiUser; params?: Record<string, string>; body?: ApiBody<N> } = {},
  ): Promise<T> {
    return ok<T>(
      await this.request.fetch(apiPath(name, options.params), {
        method: API_ROUTES[name].method,
        headers: options.user ? auth(options.user) : {},
        data: options.body,
      }),
    );
  }

  async signUp(user: TestUser = newUser()): Promise<ApiUser> {
    const session = await this.call<SessionBody, 'signUp'>('signUp', {
      body: { email: user.email, password: user.password, username: user.username },
    });
    return { ...user, id: session.user.id, token: session.access_token };
  }

  /** A session of an account made elsewhere (through the UI), for asking the API about it. */
  async signIn(user: TestUser): Promise<ApiUser> {
    const session = await this.call<SessionBody, 'signIn'>('signIn', {
      body: { email: user.email, password: user.password },
    });
    return { ...user, id: session.user.id, token: session.access_token };
  }

  /** A new session of the account, whole, as the app stores it after the sign-in form. */
  async newSession(user: { email: string; password: string }): Promise<Session> {
    return this.call<Session, 'signIn'>('signIn', {
      body: { email: user.email, password: user.password },
    });
  }

  /** The language stored on the account (null until one is saved). */
  async storedLocale(user: ApiUser): Promise<string | null> {
    const body = await this.call<{ locale?: string | null }>('getProfile', { user });
    return body.locale ?? null;
  }

  async generateCode(user: ApiUser): Promise<string> {
    const body = await this.call<{ code: string }>('generatePairingCode', { user });
    return body.code;
  }

  async connect(user: ApiUser, code: string): Promise<void> {
    await this.call('connectWithPairingCode', { user, body: { code } });
  }

  /** A plain desire without a note, straight through the API (set-up for list screens). */
  async sendDesire(from: ApiUser, to: ApiUser, intensity = 5): Promise<void> {
    await this.call('sendDesire', {
      user: from,
      body: { receiverId: to.id, intensity, urgency: 5, content: null, encrypted: false },
    });
  }

  /** Answers a received desire (no note), as the answer bar does. */
  async answer(user: ApiUser, messageId: string, choice: 'in' | 'later' | 'not_tonight') {
    await this.call('answerDesire', { user, params: { id: messageId }, body: { choice } });
  }

  /** The ids of the desires this user received (first page), newest first. */
  async receivedIds(user: ApiUser): Promise<string[]> {
    const body = await this.call<{ messages: { id: string }[] }>('listReceivedMessages', { user });
    return body.messages.map((message) => message.id);
  }

  /** The user's current identity key and the partner's, as the server answers them now. */
  async identityKeys(user: ApiUser): Promise<IdentityKeysAnswer> {
    return this.call<IdentityKeysAnswer, 'getIdentityKeys'>('getIdentityKeys', { user });
  }

  /** The version of the user's sealed wish backup on the server: 0 while there is none. */
  async wishBackupVersion(user: ApiUser): Promise<number> {
    const body = await this.call<{ backup: { version: number } | null }>('getWishBackup', {
      user,
    });
    return body.backup?.version ?? 0;
  }

  /** Two signed-up, paired partners. */
  async couple(): Promise<[ApiUser, ApiUser]> {
    const [a, b] = await Promise.all([this.signUp(newUser('a')), this.signUp(newUser('b'))]);
    await this.connect(b, await this.generateCode(a));
    return [a, b];
  }
}

function auth(user: ApiUser): Record<string, string> {
  return { authorization: `Bearer ${user.token}` };
}
