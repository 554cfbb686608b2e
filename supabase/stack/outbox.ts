// The local stand-in for the hosted project's pg_cron + pg_net job that calls the outbox sender: every
// `intervalMs` it POSTs /functions/v1/outbox-sender with the service role key, so the e-mails are sent by
// the Edge Function itself (supabase/functions/outbox-sender, on Deno through the stack's functions
// runner) over SMTP into the local relay stand-in (mailbox/smtp.ts). One call at a time; a failed call is
// logged and the next one runs as usual.

export interface OutboxScheduleOptions {
  /** The stack's URL (the gateway). */
  url: string;
  serviceRoleKey: string;
  /** Time between the end of one call and the start of the next (default 1000 ms). */
  intervalMs?: number;
  log?: (message: string) => void;
}

export interface OutboxCallResult {
  status: number;
  body: unknown;
}

export interface OutboxSchedule {
  /** Calls the sender now (after any call in progress) and returns its answer. */
  runOnce(): Promise<OutboxCallResult>;
  stop(): Promise<void>;
}

export function startOutboxSchedule(options: OutboxScheduleOptions): OutboxSchedule {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const call = async (): Promise<OutboxCallResult> => {
    const response = await fetch(`${options.url}/functions/v1/outbox-sender`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body };
  };
  const runOnce = () => {
    const next = running.then(call, call);
    running = next.catch(() => undefined);
    return next;
  };
  const tick = () => {
    timer = null;
    runOnce()
      .then((result) => {
        if (result.status !== 200) {
          options.log?.(`[outbox] the sender answered ${result.status}: ${JSON.stringify(result.body)}`);
        }
      })
      .catch((error: unknown) =>
        options.log?.(
          `[outbox] calling the sender failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 1000);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
