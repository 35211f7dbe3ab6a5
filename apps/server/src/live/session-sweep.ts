import type { AppContext } from '../context.js';

/** Connections held open for sessions: which sessions they belong to, and how to end one's. */
export interface SessionHolder {
  openSessions(): Iterable<string>;
  /** Closes the session's connections here as a revocation does ("session ended"). */
  endSession(sessionId: string): void;
}

/**
 * One timer per surface and instance: every SESSION_RECHECK_MS, each session with an open
 * connection is asked about once, through the session check (its cache answers most; the
 * database is asked at most once per SESSION_CHECK_TTL_MS per session), and its connections
 * are closed if it has ended. This catches a revocation this instance never heard of: made
 * directly in the database, or announced while Redis was away. A sweep that fails (database
 * away) closes nothing and the next one tries again; one still running is not doubled.
 */
export function startSessionSweep(ctx: AppContext, holder: SessionHolder): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const sessionId of new Set(holder.openSessions())) {
        if (!(await ctx.sessions.isActive(sessionId))) holder.endSession(sessionId);
      }
    } catch (error) {
      ctx.log.warn({ err: String(error) }, 'session re-check failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), ctx.config.SESSION_RECHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
