import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import type { TestUser } from './api.js';

type Transport = NonNullable<
  NonNullable<Parameters<typeof createClient>[2]>['realtime']
>['transport'];

/**
 * A real supabase-js client of its own (one device), not yet signed in. Realtime is given `ws`'s
 * WebSocket, as a front end on a runtime without a global one would (the docs show both).
 */
export function supabaseClient(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as Transport },
  });
}

/** A supabase-js client signed in as the user, with the access token it holds. */
export async function signedInClient(
  url: string,
  anonKey: string,
  user: TestUser,
): Promise<{ client: SupabaseClient; token: string }> {
  const client = supabaseClient(url, anonKey);
  const { data, error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`);
  return { client, token: data.session.access_token };
}
