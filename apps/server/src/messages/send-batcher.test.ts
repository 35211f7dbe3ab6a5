import { describe, expect, it } from 'vitest';
import { sendBatcherOptions } from './send-batcher.js';

describe('sendBatcherOptions', () => {
  it('batches on PostgreSQL with two sends in flight, never more than the pool', () => {
    expect(sendBatcherOptions('postgres', { poolSize: 10, pgliteThread: 'worker' })).toEqual({
      concurrency: 2,
      maxBatch: 50,
    });
    expect(sendBatcherOptions('postgres', { poolSize: 1, pgliteThread: 'worker' })).toEqual({
      concurrency: 1,
      maxBatch: 50,
    });
  });

  it('batches on PGlite in its worker, and sends each desire alone on the server’s thread', () => {
    expect(sendBatcherOptions('pglite', { poolSize: 10, pgliteThread: 'worker' })).toEqual({
      concurrency: 1,
      maxBatch: 50,
    });
    expect(sendBatcherOptions('pglite', { poolSize: 10, pgliteThread: 'main' })).toEqual({
      concurrency: 1,
      maxBatch: 1,
    });
  });
});
