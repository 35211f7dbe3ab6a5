import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { shuttingDown } from '../http/closing.js';
import { createSendBatcher, sendBatcherOptions, type SendBatcher } from './send-batcher.js';

/**
 * The send batcher of one app (every desire it stores goes through it), with the app's lifecycle.
 * When the app begins to close (preClose: before the live channel drops its sockets and before
 * the database closes after the app), it stops taking sends, and the close waits for the ones it
 * took: each is stored and acknowledged, or fails with its own error; one that comes later is
 * refused with 503 `service_unavailable`, to be retried. None is dropped unanswered.
 */
export function openSendBatcher(app: FastifyInstance, db: Database, config: Config): SendBatcher {
  const options = sendBatcherOptions(db.driver, {
    poolSize: config.DATABASE_POOL_SIZE,
    pgliteThread: config.PGLITE_THREAD,
  });
  const batcher = createSendBatcher(db, options);
  let closed = false;
  app.addHook('preClose', async () => {
    closed = true;
    await batcher.drained();
  });
  return {
    send: (userId, desire) =>
      closed ? Promise.reject(shuttingDown()) : batcher.send(userId, desire),
    drained: batcher.drained,
  };
}
