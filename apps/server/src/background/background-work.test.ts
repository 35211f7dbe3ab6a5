import { describe, expect, it, vi } from 'vitest';
import { createBackgroundWork } from './background-work.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const isSettled = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe('createBackgroundWork', () => {
  it('settles at once with nothing under way', async () => {
    await expect(createBackgroundWork().settle()).resolves.toBeUndefined();
  });

  it('starts a task at once and settles only when every task has finished', async () => {
    const work = createBackgroundWork();
    const first = deferred();
    const second = deferred();
    const task = vi.fn(() => first.promise);
    work.run(task, () => undefined);
    work.run(
      () => second.promise,
      () => undefined,
    );
    expect(task).toHaveBeenCalledOnce();

    const settled = work.settle();
    first.resolve();
    expect(await isSettled(settled)).toBe(false);
    second.resolve();
    expect(await isSettled(settled)).toBe(true);
  });

  it('hands a failure to onError, never to the caller or to settle', async () => {
    const work = createBackgroundWork();
    const onError = vi.fn();
    const failing = deferred();
    work.run(() => failing.promise, onError);
    work.run(() => {
      throw new Error('thrown before any promise');
    }, onError);
    failing.reject(new Error('rejected'));
    await work.settle();
    expect(onError.mock.calls.map(([error]) => (error as Error).message).sort()).toEqual([
      'rejected',
      'thrown before any promise',
    ]);
  });

  it('waits for tasks started while it was already waiting', async () => {
    const work = createBackgroundWork();
    const first = deferred();
    const late = deferred();
    work.run(
      () => first.promise,
      () => undefined,
    );
    const settled = work.settle();
    work.run(
      () => late.promise,
      () => undefined,
    );
    first.resolve();
    expect(await isSettled(settled)).toBe(false);
    late.resolve();
    expect(await isSettled(settled)).toBe(true);
  });
});
