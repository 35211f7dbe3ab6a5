import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import {
  API_CONTRACT,
  API_PREFIX,
  API_ROUTES,
  CLIENT_EVENTS,
  ERRORS,
  isErrorCode,
  routePath,
  type Ack,
  type ApiRouteName,
} from '@couple/protocol';
import { DRIVERS } from '../helpers/database.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from '../helpers/api.js';
import { connectLive, emitWithAck } from '../helpers/live-client.js';
import { fakeV2, identityKey } from '../helpers/keys.js';
import { fakeBackupContent } from '../helpers/wishes.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const WEBHOOK_SECRET = 'contract-webhook-secret-0123456789';
const P256DH = `B${'A'.repeat(86)}`;

interface Example {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

/**
 * A valid request of every route that reads a body or a query. A route declared without one here
 * fails the first test, so a new route is covered by being declared.
 */
function examplesFor(alice: TestUser, messageId: string): Partial<Record<ApiRouteName, Example>> {
  return {
    signUp: { body: { email: `${randomUUID()}@example.com`, password: 'secret123' } },
    signIn: { body: { email: alice.email, password: alice.password } },
    refreshSession: { body: { refresh_token: 'not-a-real-token' } },
    signOut: { body: {} },
    confirmEmail: { query: { token: 'not-a-real-token' } },
    signInWithFarcaster: { body: { token: 'header.payload.signature' } },
    updateProfile: { body: { username: 'contract_name' } },
    generatePairingCode: { body: {} },
    connectWithPairingCode: { body: { code: 'ABCD-2345' } },
    disconnectFromPartner: { body: {} },
    listReceivedMessages: { query: { limit: '5' } },
    listSentMessages: { query: { limit: '5' } },
    setQuietHours: { body: { start: '22:00', end: '07:00', time_zone: 'UTC' } },
    setLocale: { body: { locale: 'fr' } },
    answerDesire: { params: { id: messageId }, body: { choice: 'in' } },
    markAllMessagesRead: { body: {} },
    markMessageRead: { params: { id: messageId }, body: {} },
    markMessagesRead: { body: { ids: [messageId] } },
    sendDesire: { body: desire({ id: randomUUID() }) },
    publishIdentityKey: { body: { ...identityKey() } },
    createLinkRequest: { body: { commitment: randomBytes(32).toString('base64url') } },
    respondLinkRequest: {
      params: { id: randomUUID() },
      body: {
        approver_public_key: identityKey().public_key,
        approver_nonce: randomBytes(32).toString('base64url'),
      },
    },
    revealLinkRequest: {
      params: { id: randomUUID() },
      body: {
        ephemeral_public_key: identityKey().public_key,
        nonce: randomBytes(32).toString('base64url'),
      },
    },
    approveLinkRequest: {
      params: { id: randomUUID() },
      body: { sealed_payload: 'c2VhbGVk.cGF5bG9hZA' },
    },
    savePushSubscription: {
      body: {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: P256DH, auth: 'A'.repeat(22) },
      },
    },
    sendPushWebhook: { body: { userId: alice.id, notification: { title: 'Hi' } } },
    logClientError: { body: { function_name: 'CLIENT_ERROR_contract' } },
    listDebugLogs: { query: { limit: '5' } },
    signOutOtherSessions: { body: {} },
    deleteAccount: { body: { password: 'not-the-password' } },
    requestPasswordReset: { body: { email: 'contract.reset@example.com' } },
    resetPassword: { body: { token: 'not-a-real-token', password: 'secret123' } },
    changePassword: { body: { current_password: 'not-the-password', password: 'secret123' } },
    requestEmailChange: {
      body: { email: 'contract.new@example.com', current_password: 'not-the-password' },
    },
    confirmEmailChange: { query: { token: 'not-a-real-token' } },
    sendThought: { body: { id: randomUUID() } },
    markThoughtsRead: { body: {} },
    proposeWish: { body: { id: randomUUID(), text: wishBlob() } },
    startWishRound: { body: { id: randomUUID(), offer: wishBlob() } },
    replyWishRound: { params: { id: randomUUID() }, body: { reply: wishBlob() } },
    finishWishRound: {
      params: { id: randomUUID() },
      body: { finish: wishBlob(), matches: wishBlob(), new_match: false },
    },
    completeWishRound: { params: { id: randomUUID() }, body: { matches: wishBlob() } },
    putWishBackup: {
      body: { content: fakeBackupContent(), key_id: identityKey().key_id, expected_version: 0 },
    },
  };
}

/** A sealed wish blob of the right shape (its keys are nobody's: the schema is what is tried). */
function wishBlob() {
  const [sender, partner] = [identityKey().key_id, identityKey().key_id];
  return {
    content: randomBytes(48).toString('base64'),
    encryption_data: fakeV2(sender, [partner, sender]),
  };
}

/** A field name no schema declares: never one of the example's own keys. */
const extraField = fc
  .string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_') })
  .map((name) => `x_${name}`);

describe.each(DRIVERS)(
  'every route and event of the contract refuses what it does not declare (%s)',
  (driver) => {
    let server: TestServer;
    let alice: TestUser;
    let bob: TestUser;
    let messageId: string;
    let socket: Socket;

    beforeAll(async () => {
      server = await startTestServer(driver, { env: { PUSH_WEBHOOK_SECRET: WEBHOOK_SECRET } });
      [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
      await pair(server.url, alice, bob);
      const sent = await request(server.url, 'POST', '/api/messages', {
        token: bob.token,
        body: desire(),
      });
      messageId = sent.body.message!.id;
      // Bob's: the fuzzing below, as Alice, may sign out Alice's other sessions.
      const fresh = await request(server.url, 'POST', '/api/auth/login', {
        body: { email: bob.email, password: bob.password },
      });
      socket = await connectLive(server.url, fresh.body.access_token as string);
    });
    afterAll(async () => {
      socket?.close();
      await server?.close();
    });

    it('has an example for every route that reads a body or a query', () => {
      const examples = examplesFor(alice, messageId);
      const missing = (Object.keys(API_CONTRACT) as ApiRouteName[]).filter((name) => {
        const contract: { body?: unknown; query?: unknown; access: string } = API_CONTRACT[name];
        const reads = contract.body !== undefined || contract.query !== undefined;
        return reads && examples[name] === undefined;
      });
      expect(missing).toEqual([]);
    });

    it('answers a valid request plus one unknown field with 400 unknown_field, never a 2xx', async () => {
      const examples = examplesFor(alice, messageId);
      const names = (Object.keys(examples) as ApiRouteName[]).filter(
        (name) => API_CONTRACT[name].access !== 'signed-event',
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...names),
          extraField,
          fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null)),
          async (name, field, value) => {
            const example = examplesFor(alice, messageId)[name]!;
            const { method } = API_ROUTES[name];
            const inQuery = example.body === undefined;
            const query = new URLSearchParams(example.query);
            if (inQuery) query.set(field, String(value));
            const response = await request(
              server.url,
              method,
              `${API_PREFIX}${routePath(name, example.params)}?${query}`,
              {
                token: alice.token,
                headers: { 'x-webhook-secret': WEBHOOK_SECRET },
                body: inQuery ? undefined : { ...example.body, [field]: value },
              },
            );
            expect(response.status, `${name} ${field}`).toBe(400);
            expect(response.body, name).toMatchObject({ code: 'unknown_field' });
            expect(response.body.error, name).toContain(field);
          },
        ),
        { numRuns: RUNS * names.length },
      );
    });

    it('answers every error with a known code whose status it carries', async () => {
      const names = Object.keys(API_ROUTES) as ApiRouteName[];
      const junk = fc.oneof(
        fc.anything({ maxDepth: 3 }),
        fc.string({ maxLength: 20 }).map((text) => ({ text: `${text}\u0000` })),
        fc.constant({ deep: JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`) as unknown }),
        fc.constant({ huge: 'x'.repeat(15_000) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), junk, async (name, body) => {
          const { method } = API_ROUTES[name];
          const response = await request(
            server.url,
            method,
            `${API_PREFIX}${routePath(name, { id: messageId })}`,
            { token: alice.token, body: method === 'GET' ? undefined : body },
          );
          expect(response.status, name).toBeLessThan(500);
          if (response.status >= 400) {
            const code: unknown = response.body.code;
            expect(isErrorCode(code), `${name}: ${String(code)}`).toBe(true);
            expect(ERRORS[code as keyof typeof ERRORS].status, name).toBe(response.status);
          }
        }),
        { numRuns: RUNS * 8 },
      );
    });

    it('answers a live event with an unknown field with an unknown_field ack', async () => {
      await fc.assert(
        fc.asyncProperty(extraField, async (field) => {
          const payloads: [string, Record<string, unknown>][] = [
            [CLIENT_EVENTS.sendMessage, { ...desire(), [field]: 1 }],
            [CLIENT_EVENTS.markRead, { ids: [messageId], [field]: 1 }],
          ];
          for (const [event, payload] of payloads) {
            const ack = await emitWithAck<Ack<unknown>>(socket, event, payload);
            expect(ack, event).toMatchObject({ ok: false, code: 'unknown_field' });
          }
        }),
        { numRuns: RUNS },
      );
    });
  },
);
