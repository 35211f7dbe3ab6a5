/**
 * Work that runs beside a request (pushes, mini-app notifications): the request never waits for
 * it or fails because of it, but shutdown waits for it, so that it ends before the database does.
 */
export interface BackgroundWork {
  /** Starts task now; a failure goes to onError, never to the caller. */
  run(task: () => Promise<unknown>, onError: (error: unknown) => void): void;
  /** Resolves when no task is under way, counting tasks started while it waits. */
  settle(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const underWay = new Set<Promise<void>>();
  return {
    run(task, onError) {
      const work = new Promise<unknown>((resolve) => resolve(task())).then(
        () => undefined,
        onError,
      );
      underWay.add(work);
      void work.finally(() => underWay.delete(work));
    },
    async settle() {
      while (underWay.size > 0) await Promise.all([...underWay]);
    },
  };
}
