import { isUuid, toast } from '@prepper/shared';
import type { MutationOutcome, Query } from '@prepper/shared/query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export interface EntityFormOptions<T, Saved> {
  /** The id from the address when editing; undefined when creating. */
  id: string | undefined;
  /** What is edited, for the console message about an id that is not a UUID (e.g. 'category'). */
  kind: string;
  /** The edited record's query (`api/get-x.ts`). */
  record: Query<[id: string], T>;
  /** Fills the form from the loaded record (once per visit). */
  onLoaded: (record: T) => void;
  /** Checks the form (and shows its errors); returns the summary to announce, or null when it is valid. */
  validate: () => string | null;
  /** Runs the save mutation (`api/save-x.ts`) with the form's values, and whether it runs. */
  save: () => Promise<MutationOutcome<Saved>>;
  saving: boolean;
  /** After the save answered, before its toast (e.g. keep the uploads the record now names). */
  onSaveSettled?: (outcome: MutationOutcome<Saved>) => void;
  /** A refusal the database explains (its message is shown instead of the generic failure), or null. */
  explainRefusal?: (error: unknown) => string | null;
  /** Where the list is: after a save, and after a failed load (replacing the edit page). */
  listPath: string;
  toasts: {
    loadFailed: string;
    created: string;
    updated: string;
    createFailed: string;
    updateFailed: string;
  };
}

/**
 * The load, not-found and save handling of an admin create/edit page: loads the record through its
 * query when editing (always fresh: what a visit edits is what the database holds now; a failed load or
 * a bad id toasts and goes back to the list), and on submit validates, focuses the first invalid
 * control, saves through the mutation, toasts and returns to the list.
 */
export function useEntityForm<T, Saved>({
  id,
  kind,
  record,
  onLoaded,
  validate,
  save,
  saving,
  onSaveSettled,
  explainRefusal,
  listPath,
  toasts,
}: EntityFormOptions<T, Saved>) {
  const editing = Boolean(id);
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const valid = id !== undefined && isUuid(id);
  // A visit starts from the database, not from what an earlier visit cached (once, before subscribing).
  useState(() => {
    if (valid) record.invalidate(id);
    return null;
  });
  const state = record.use(valid ? [id] : null);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  if (valid && state.status === 'success' && loadedId !== id) {
    setLoadedId(id);
    onLoaded(state.data);
  }
  const failed = editing && (!valid || state.status === 'error');

  useEffect(() => {
    if (!failed) return;
    if (!valid) console.error(new Error(`Not a ${kind} id`));
    toast.error(toasts.loadFailed);
    navigate(listPath, { replace: true });
  }, [failed, valid, kind, toasts.loadFailed, navigate, listPath]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const summary = validate();
    if (summary) {
      toast.error(summary);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const outcome = await save();
    if (outcome.skipped) return;
    onSaveSettled?.(outcome);
    if (!outcome.ok) {
      toast.error(explainRefusal?.(outcome.error) ?? (editing ? toasts.updateFailed : toasts.createFailed));
      return;
    }
    toast.success(editing ? toasts.updated : toasts.created);
    navigate(listPath);
  }

  return { loading: editing && loadedId !== id, saving, formRef, submit };
}
