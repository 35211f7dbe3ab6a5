import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_RESET_EMAILS_PER_HOUR } from '@couple/protocol';
import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import { DRIVERS } from './helpers/database.js';
import type { TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { linkIn, type SmtpInbox } from './helpers/smtp-inbox.js';
import { SITE, startMailingServer } from './helpers/mailing-server.js';
import { POLL } from './helpers/timing.js';

const ANON_KEY = 'test-anon-key-0123456789';

/** Realtime is never opened here: a stand-in satisfies supabase-js's check for a transport. */
class NoRealtime {}

/** supabase-js as an app would make it (auth only). */
function client(server: TestServer): SupabaseClient {
  return createClient(server.url, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: true },
    realtime: { transport: NoRealtime as never },
  });
}

/** Just enough of a browser page for supabase-js to read the session from its URL fragment. */
function pretendBrowserAt(href: string): () => void {
  const location = new URL(href);
  const scope = globalThis as Record<string, unknown>;
  scope.window = {
    location: {
      get href() {
        return location.toString();
      },
      set hash(value: string) {
        location.hash = value;
      },
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  scope.document = { visibilityState: 'visible' };
  return () => {
    delete scope.window;
    delete scope.document;
  };
}

function events(supabase: SupabaseClient): AuthChangeEvent[] {
  const seen: AuthChangeEvent[] = [];
  supabase.auth.onAuthStateChange((event) => void seen.push(event));
  return seen;
}

describe.each(DRIVERS)('supabase-js password recovery (%s)', (driver) => {
  let inbox: SmtpInbox;
  let server: TestServer;
  let close: () => Promise<void>;
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    ({ server, inbox, close } = await startMailingServer(driver, { ANON_KEY }));
  });
  afterEach(() => restore?.());
  afterAll(() => close());

  /** resetPasswordForEmail, then the link of the mail it caused, moved onto the test server. */
  async function recoveryLink(user: TestUser, redirectTo?: string): Promise<URL> {
    const { error } = await client(server).auth.resetPasswordForEmail(user.email, { redirectTo });
    expect(error).toBeNull();
    const mail = await inbox.waitFor((m) => m.to.includes(user.email));
    inbox.messages.splice(inbox.messages.indexOf(mail), 1);
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe(SITE);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    return new URL(`${link.pathname}${link.search}`, server.url);
  }

  it('follows the mailed link to PASSWORD_RECOVERY, then updateUser sets the password', async () => {
    const user = await createUser(server.url);
    const link = await recoveryLink(user, `${SITE}/account/new-password`);
    // Opened from the mailbox: no apikey, GoTrue's redirect with the session in the fragment.
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const landing = new URL(opened.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/account/new-password`);
    expect(new URLSearchParams(landing.hash.slice(1)).get('type')).toBe('recovery');

    restore = pretendBrowserAt(landing.toString());
    const supabase = client(server);
    const seen = events(supabase);
    await supabase.auth.initialize();
    // supabase-js tells its listeners after initialize() has returned.
    await vi.waitFor(() => expect(seen).toContain('PASSWORD_RECOVERY'), POLL);
    restore();
    restore = undefined;

    const { data, error } = await supabase.auth.updateUser({ password: 'recovered secret' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);

    const old = await client(server).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client(server).auth.signInWithPassword({
      email: user.email,
      password: 'recovered secret',
    });
    expect(fresh.error).toBeNull();
    // The sessions from before the reset are over.
    const me = await request(server.url, 'GET', '/api/auth/me', { token: user.token });
    expect(me.status).toBe(401);

    const again = await fetch(link, { redirect: 'manual' });
    const refused = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
    expect(refused.get('error_code')).toBe('otp_expired');
    expect(refused.get('access_token')).toBeNull();
  });

  it('verifyOtp with the token hash emits PASSWORD_RECOVERY too', async () => {
    const user = await createUser(server.url);
    const token = (await recoveryLink(user)).searchParams.get('token')!;
    const supabase = client(server);
    const seen = events(supabase);
    const { data, error } = await supabase.auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(user.email);
    expect(seen).toContain('PASSWORD_RECOVERY');

    const reused = await client(server).auth.verifyOtp({ type: 'recovery', token_hash: token });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.error?.status).toBe(403);
  });

  it('sends a redirect_to on another origin to the site instead', async () => {
    const user = await createUser(server.url);
    const link = await recoveryLink(user, 'https://evil.example/steal');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/`);
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.headers.get('location')!.startsWith(`${SITE}/#access_token=`)).toBe(true);
  });

  it('answers resetPasswordForEmail for an unknown address without an error', async () => {
    const { data, error } = await client(server).auth.resetPasswordForEmail('ghost@example.com');
    expect(error).toBeNull();
    expect(data).toEqual({});
  });

  it('tells supabase-js when an address has had its hourly reset mails', async () => {
    const supabase = client(server);
    for (let i = 0; i < PASSWORD_RESET_EMAILS_PER_HOUR; i += 1) {
      expect((await supabase.auth.resetPasswordForEmail('busy@example.com')).error).toBeNull();
    }
    const { error } = await supabase.auth.resetPasswordForEmail('busy@example.com');
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
  });

  it('updateUser needs the current password outside a recovery session', async () => {
    const user = await createUser(server.url);
    const supabase = client(server);
    await supabase.auth.signInWithPassword({ email: user.email, password: user.password });

    const bare = await supabase.auth.updateUser({ password: 'changed secret' });
    expect(bare.error?.code).toBe('current_password_required');
    const wrong = await supabase.auth.updateUser({
      password: 'changed secret',
      current_password: 'wrong',
    });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    const weak = await supabase.auth.updateUser({
      password: 'short',
      current_password: user.password,
    });
    expect(weak.error?.code).toBe('weak_password');
    const right = await supabase.auth.updateUser({
      password: 'changed secret',
      current_password: user.password,
    });
    expect(right.error).toBeNull();
    const signedIn = await client(server).auth.signInWithPassword({
      email: user.email,
      password: 'changed secret',
    });
    expect(signedIn.error).toBeNull();
  });

  it('updateUser({ email }) mails a link to the new address and tells the old one', async () => {
    const user = await createUser(server.url);
    const supabase = client(server);
    await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
    const newEmail = `v1.${user.username}@example.org`;
    const { data, error } = await supabase.auth.updateUser({
      email: newEmail,
      current_password: user.password,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.new_email).toBe(newEmail);

    await inbox.waitFor((m) => m.to.includes(user.email));
    const link = new URL(linkIn(await inbox.waitFor((m) => m.to.includes(newEmail))));
    const followed = await fetch(new URL(`${link.pathname}${link.search}`, server.url), {
      redirect: 'manual',
    });
    expect(followed.headers.get('location')).toBe('/auth/email-changed');
    const { data: after } = await supabase.auth.getUser();
    expect(after.user?.email).toBe(newEmail);
  });

  it('refuses a bad verify request and a bad updateUser body in GoTrue shape', async () => {
    const noType = await fetch(`${server.url}/auth/v1/verify?token=abc`, { redirect: 'manual' });
    expect(noType.status).toBe(400);
    const signup = await client(server).auth.signUp({
      email: `bad.${Date.now()}@example.com`,
      password: 'secret123',
    });
    const token = signup.data.session!.access_token;
    const unknown = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ password: 'long enough', admin: true }),
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed' });
    const unsigned = await fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'long enough' }),
    });
    expect(unsigned.status).toBe(401);
  });
});
