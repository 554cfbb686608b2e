import { toast } from '@prepper/shared';
import type { Mutation } from '@prepper/shared/query';
import { useState } from 'react';
import { defineMutation } from '../lib/query';

/** What a list without deletion runs (never: it offers no delete), so the hook is the same on every list. */
const nothing = defineMutation('nothing', async (id: string) => {
  void id;
});

export interface ConfirmedActionOptions {
  /** The write on the item's id (e.g. its delete mutation), which names the list it makes stale. */
  mutation: Mutation<[id: string], unknown> | undefined;
  toasts: { done: string; failed: string };
}

/**
 * An action on a list item that asks first (delete): `ask(item)` opens the question, `dialog` holds the
 * ConfirmDialog's state; confirming runs the mutation, toasts the outcome and closes the question either way.
 */
export function useConfirmedAction<T extends { id: string }>({ mutation, toasts }: ConfirmedActionOptions) {
  const [pending, setPending] = useState<T | null>(null);
  const { mutate, busy } = (mutation ?? nothing).use();

  async function confirm() {
    if (pending === null) return;
    const outcome = await mutate(pending.id);
    if (outcome.skipped) return;
    if (outcome.ok) toast.success(toasts.done);
    else toast.error(toasts.failed);
    setPending(null);
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
