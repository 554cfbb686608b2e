// The local stack's stand-in for pg_cron: calls public.scheduled_jobs_run() (expire unpaid orders,
// release back-in-stock holds) as the service role every `intervalMs`, as a hosted project's pg_cron
// job does every five minutes (see supabase/README.md). One round at a time; a failed round is logged
// and the next one runs as usual.
import type { Db } from './context.ts';

export interface SchedulerOptions {
  /** Time between the end of one round and the start of the next (default 60 s). */
  intervalMs?: number;
  log?: (message: string) => void;
}

export interface Scheduler {
  /** Runs one round now (after any round in progress) and returns what the jobs did. */
  runOnce(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export function startScheduler(db: Db, options: SchedulerOptions = {}): Scheduler {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const round = () =>
    db.withRequestContext({ role: 'service_role' }, 'service_role', async (tx) => {
      const { rows } = await tx.query<{ result: Record<string, number> }>(
        'select public.scheduled_jobs_run() as result',
      );
      return rows[0]?.result ?? {};
    });
  const runOnce = () => {
    const next = running.then(round, round);
    running = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    timer = null;
    runOnce()
      .catch((error: unknown) =>
        options.log?.(`[scheduler] round failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 60_000);
      });
  };
  timer = setTimeout(tick, options.intervalMs ?? 60_000);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
