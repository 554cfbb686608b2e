import type { Tables } from '@prepper/shared';
import { renameWithSlug } from './auto-slug';

/**
 * A subcategory while the category form is open: existing (has an id), new (no id yet), or an
 * existing one marked for deletion (restorable until saving).
 */
export interface SubcategoryDraft {
  /** Stable React key; the id for stored ones. */
  key: string;
  id: string | null;
  name: string;
  slug: string;
  description: string;
  markedForDeletion: boolean;
}

export type SubcategoryStatus = 'existing' | 'new' | 'deleted';

/** One element of admin_save_category's p_subcategories. */
export type SubcategoryChange =
  | { id: string; name: string; slug: string; description: string; _delete: true }
  | { id: string; name: string; slug: string; description: string }
  | { name: string; slug: string; description: string };

export function subcategoryStatus(draft: SubcategoryDraft): SubcategoryStatus {
  if (draft.id === null) return 'new';
  return draft.markedForDeletion ? 'deleted' : 'existing';
}

export function draftsFromRows(
  rows: readonly Pick<Tables<'subcategories'>, 'id' | 'name' | 'slug' | 'description'>[],
): SubcategoryDraft[] {
  return rows.map((row) => ({
    key: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description ?? '',
    markedForDeletion: false,
  }));
}

export function addDraft(drafts: readonly SubcategoryDraft[], key: string): SubcategoryDraft[] {
  return [...drafts, { key, id: null, name: '', slug: '', description: '', markedForDeletion: false }];
}

export type DraftField = 'name' | 'slug' | 'description';

/** Edits a field; a name change carries the slug along while it is still the automatic one. */
export function updateDraft(
  drafts: readonly SubcategoryDraft[],
  key: string,
  field: DraftField,
  value: string,
): SubcategoryDraft[] {
  return drafts.map((draft) => {
    if (draft.key !== key) return draft;
    return field === 'name' ? renameWithSlug(draft, value) : { ...draft, [field]: value };
  });
}

/** Removing a new (unsaved) one drops it; removing a stored one marks it for deletion. */
export function removeDraft(drafts: readonly SubcategoryDraft[], key: string): SubcategoryDraft[] {
  return drafts.flatMap((draft) => {
    if (draft.key !== key) return [draft];
    return draft.id === null ? [] : [{ ...draft, markedForDeletion: true }];
  });
}

export function restoreDraft(drafts: readonly SubcategoryDraft[], key: string): SubcategoryDraft[] {
  return drafts.map((draft) => (draft.key === key ? { ...draft, markedForDeletion: false } : draft));
}

/** The changes to send: deletions (id + _delete), updates (id) and inserts (no id), texts trimmed. */
export function subcategoryChanges(drafts: readonly SubcategoryDraft[]): SubcategoryChange[] {
  return drafts.map((draft) => {
    const fields = {
      name: draft.name.trim(),
      slug: draft.slug.trim(),
      description: draft.description.trim(),
    };
    if (draft.id === null) return fields;
    return draft.markedForDeletion ? { id: draft.id, ...fields, _delete: true } : { id: draft.id, ...fields };
  });
}
