import { REALTIME_ERRORS } from '@couple/protocol';
import type { SqlParam } from '../../src/db/types.js';
import { createUser, type TestUser } from './api.js';
import type { GatedDatabase } from './gated-database.js';
import {
  connectAndWatch,
  handshakeRead,
  joinRealtime,
  realtimeOutcome,
  sessionCheckRead,
  sessionOf,
  signInAgain,
  signOutOthers,
} from './revocation.js';

/** How a live connection of a signed-out session may end. */
export const SIGNED_OUT = ['refused', 'io server disconnect'];
/** How a Realtime channel of a signed-out session may end: refused, or closed right after. */
export const SESSION_ENDED = new RegExp(`^(refused|closed): ${REALTIME_ERRORS.sessionEnded}$`);

/** Where a race runs: the instance a device connects to, and the one the sign-out is made on. */
export interface RaceSetup {
  connectTo: string;
  signOutAt: string;
  /** The database of `connectTo`, which holds back the session read. */
  gate: GatedDatabase;
  anonKey: string;
  /**
   * Resolves once the sign-out of this session has reached `connectTo` (over Redis): the held
   * read answers only then.
   */
  crossed?: (sessionId: string) => Promise<void>;
}

/**
 * A user signs in a phone and a laptop; the read of the phone's session that `read` matches is
 * held while `connect` starts, every device but the laptop is signed out, then the read answers
 * "active", as the database said before the sign-out committed.
 */
async function signOutDuring<T>(
  setup: RaceSetup,
  read: (sessionId: string) => (sql: string, params: SqlParam[]) => boolean,
  connect: (user: TestUser, phone: string) => Promise<T>,
): Promise<{ started: T; laptop: string }> {
  const user = await createUser(setup.signOutAt);
  const phone = await signInAgain(setup.signOutAt, user);
  const laptop = await signInAgain(setup.signOutAt, user);
  const hold = setup.gate.holdNext(read(sessionOf(phone)));
  const started = connect(user, phone);
  await hold.held;
  const signedOut = await signOutOthers(setup.signOutAt, laptop);
  if (signedOut !== 2) throw new Error(`signed out ${signedOut} sessions, not 2`);
  if (setup.crossed) await setup.crossed(sessionOf(phone));
  hold.release();
  return { started: await started, laptop };
}

/**
 * Live-channel handshakes during the sign-out: the phone's, whose session read is held, and
 * others of another signed-out session (sign-up's) on both instances, unheld. How each ended,
 * and whether the laptop may still connect.
 */
export async function handshakesDuringSignOut(setup: RaceSetup) {
  const { connectTo, signOutAt } = setup;
  const { started, laptop } = await signOutDuring(setup, handshakeRead, async (user, phone) => {
    const overlapping = connectAndWatch(connectTo, phone);
    const concurrent = [connectTo, signOutAt, connectTo, signOutAt].map((url) =>
      connectAndWatch(url, user.token),
    );
    return { overlapping, concurrent };
  });
  return {
    overlapping: await started.overlapping,
    concurrent: await Promise.all(started.concurrent),
    laptop: await connectAndWatch(connectTo, laptop, 300),
  };
}

/** A Realtime join whose token check is held during the sign-out: how its channel ended. */
export async function realtimeJoinDuringSignOut(setup: RaceSetup): Promise<string> {
  const { started } = await signOutDuring(setup, sessionCheckRead, (_user, phone) =>
    joinRealtime(setup.connectTo, setup.anonKey, phone),
  );
  const outcome = await realtimeOutcome(started);
  started.ws.close();
  return outcome;
}
