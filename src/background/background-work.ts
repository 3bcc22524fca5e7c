/**
 * The work the worker starts and nobody waits for: after each fetch of the root the badge, the
 * check for new letters and the open invoices; the revokes tried again, at a sign-out once the
 * person stopped waiting and on the worker's own occasions. Each caller logs its own failure, as
 * nobody is there to be told. `idle` resolves once none of it is running, work started meanwhile
 * included: what a test waits for before it looks at what that work left (a count of turns of the
 * event loop is no measure of it: a digest is answered from another thread).
 */
export interface BackgroundWork {
  /** Lets `task` run on its own (its failure already handled by the caller), counted until it settles. */
  run: (task: Promise<unknown>) => void;
  idle: () => Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(task) {
      const tracked: Promise<void> = task
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
