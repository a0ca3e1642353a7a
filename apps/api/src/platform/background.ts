/**
 * Work that finishes after a reply (e-mails, simulated webhooks). Failures are logged, never lost
 * silently; `idle()` lets shutdown and tests wait for what is still running.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  run(name: string, task: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
