import { toast } from '@prepper/shared';
import { useState } from 'react';

export interface ConfirmedActionOptions<T> {
  /** Does it (e.g. deletes the item); a throw is a failure. */
  run: (item: T) => Promise<unknown>;
  toasts: { done: string; failed: string };
  /** After it worked, e.g. the list's reload. */
  onDone: () => void;
}

/**
 * An action on a list item that asks first (delete): `ask(item)` opens the question, `dialog` holds the
 * ConfirmDialog's state; confirming runs it, toasts the outcome and closes the question either way.
 */
export function useConfirmedAction<T>({ run, toasts, onDone }: ConfirmedActionOptions<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (pending === null) return;
    setBusy(true);
    try {
      await run(pending);
      toast.success(toasts.done);
      onDone();
    } catch (error) {
      console.error(error);
      toast.error(toasts.failed);
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return {
    pending,
    busy,
    ask: (item: T) => setPending(() => item),
    dialog: {
      open: pending !== null,
      busy,
      onConfirm: () => void confirm(),
      onCancel: () => setPending(null),
    },
  };
}
