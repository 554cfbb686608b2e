import { buttonStyles, icons, InputField, TextareaField } from '../../../components';
import { subcategoryStatus, type DraftField, type SubcategoryDraft } from '../lib/subcategory-drafts';
import { categoryTexts } from '../texts';

const t = categoryTexts.form;

export interface SubcategoryEditorProps {
  draft: SubcategoryDraft;
  position: number;
  errors?: Partial<Record<'name' | 'slug', string>>;
  onChange: (field: DraftField, value: string) => void;
  onRemove: () => void;
  onRestore: () => void;
}

/** One subcategory in the category form, or the red 'will be deleted' box with Restore. */
export function SubcategoryEditor({
  draft,
  position,
  errors,
  onChange,
  onRemove,
  onRestore,
}: SubcategoryEditorProps) {
  const status = subcategoryStatus(draft);
  const displayName = draft.name.trim() || t.subcategoryHeading(position);

  if (status === 'deleted') {
    return (
      <li className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="font-medium text-red-800 line-through">{displayName}</p>
          <p className="text-sm text-red-700">{t.willBeDeleted}</p>
        </div>
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-label={t.restoreLabel(displayName)}
          onClick={onRestore}
        >
          <icons.undo />
          {t.restore}
        </button>
      </li>
    );
  }

  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          {t.subcategoryHeading(position)}
          {status === 'new' ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
              {t.newBadge}
            </span>
          ) : null}
        </h3>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={t.removeLabel(displayName)}
          onClick={onRemove}
        >
          <icons.trash />
          {t.remove}
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label={t.subcategoryName}
          required
          value={draft.name}
          error={errors?.name}
          onChange={(event) => onChange('name', event.target.value)}
        />
        <InputField
          label={t.subcategorySlug}
          required
          value={draft.slug}
          error={errors?.slug}
          onChange={(event) => onChange('slug', event.target.value)}
        />
        <TextareaField
          label={t.subcategoryDescription}
          rows={2}
          fieldClassName="sm:col-span-2"
          value={draft.description}
          onChange={(event) => onChange('description', event.target.value)}
        />
      </div>
    </li>
  );
}
