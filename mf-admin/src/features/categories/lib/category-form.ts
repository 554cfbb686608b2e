import * as v from 'valibot';
import type { Tables } from '@prepper/shared';
import { categoryTexts } from '../texts';
import { renameWithSlug } from './auto-slug';
import { subcategoryChanges, type SubcategoryChange, type SubcategoryDraft } from './subcategory-drafts';

export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
  image_url: string;
}

export type CategoryField = keyof CategoryFormValues;

export interface CategoryFormErrors {
  summary: string | null;
  fields: Partial<Record<CategoryField, string>>;
  /** Per subcategory key. */
  subcategories: Record<string, Partial<Record<'name' | 'slug', string>>>;
}

/** The arguments of the admin_save_category database function. */
export interface SaveCategoryArgs {
  p_id: string | null;
  p_name: string;
  p_slug: string;
  p_description: string;
  p_image_url: string | null;
  p_subcategories: SubcategoryChange[];
}

const errors = categoryTexts.form.errors;
export const REQUIRED_FIELDS_MESSAGE = categoryTexts.toasts.required;

export function emptyCategoryForm(): CategoryFormValues {
  return { name: '', slug: '', description: '', image_url: '' };
}

export function categoryFormFromRow(
  row: Pick<Tables<'categories'>, 'name' | 'slug' | 'description' | 'image_url'>,
) {
  const values: CategoryFormValues = {
    name: row.name,
    slug: row.slug,
    description: row.description ?? '',
    image_url: row.image_url ?? '',
  };
  return values;
}

/** A name change; the slug follows while it is empty or still the automatic one. */
export function renameCategory(values: CategoryFormValues, name: string): CategoryFormValues {
  return renameWithSlug(values, name);
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const required = (message: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(message));

/**
 * The category form as one schema: name, slug, description and image URL required, the
 * image URL a URL; each kept subcategory needs a name and a slug. Its output is what the form saves:
 * trimmed texts. Slugs unique within the category are checked across the list, below.
 */
export const CategoryFormSchema = v.object({
  name: required(errors.name),
  slug: required(errors.slug),
  description: required(errors.description),
  image_url: v.pipe(
    required(errors.imageUrl),
    v.check((url) => url === '' || isHttpUrl(url), errors.imageUrlFormat),
  ),
  subcategories: v.array(
    v.object({
      key: v.string(),
      name: required(errors.subcategoryName),
      slug: required(errors.subcategorySlug),
    }),
  ),
});

/** The first message of each field of the schema's issues, by its dot path ('name', 'subcategories.2.slug'). */
function firstMessages(issues: readonly v.BaseIssue<unknown>[] | undefined): Map<string, string> {
  const messages = new Map<string, string>();
  for (const issue of issues ?? []) {
    const path = v.getDotPath(issue);
    if (path && !messages.has(path)) messages.set(path, issue.message);
  }
  return messages;
}

/**
 * The form's errors from the schema, plus slugs repeated within the category; the summary is the
 * required-fields message when anything required is missing, else the image URL's or the duplicate's.
 */
export function validateCategoryForm(
  values: CategoryFormValues,
  drafts: readonly SubcategoryDraft[],
): CategoryFormErrors {
  const kept = drafts.filter((draft) => !draft.markedForDeletion);
  const subcategoryInput = kept.map(({ key, name, slug }) => ({ key, name, slug }));
  const messages = firstMessages(
    v.safeParse(CategoryFormSchema, { ...values, subcategories: subcategoryInput }).issues,
  );
  const fields: CategoryFormErrors['fields'] = {};
  for (const field of ['name', 'slug', 'description', 'image_url'] as const) {
    const message = messages.get(field);
    if (message) fields[field] = message;
  }

  const subcategories: CategoryFormErrors['subcategories'] = {};
  const seen = new Set<string>();
  let subcategoryMissing = false;
  let duplicate = false;
  kept.forEach((draft, index) => {
    const problems: Partial<Record<'name' | 'slug', string>> = {};
    const slug = draft.slug.trim();
    const name = messages.get(`subcategories.${index}.name`);
    const missingSlug = messages.get(`subcategories.${index}.slug`);
    if (name) problems.name = name;
    if (missingSlug) problems.slug = missingSlug;
    else if (seen.has(slug)) problems.slug = errors.duplicateSlug;
    if (name || missingSlug) subcategoryMissing = true;
    if (problems.slug === errors.duplicateSlug) duplicate = true;
    seen.add(slug);
    if (problems.name || problems.slug) subcategories[draft.key] = problems;
  });

  const missing =
    Boolean(fields.name || fields.slug || fields.description || fields.image_url === errors.imageUrl) ||
    subcategoryMissing;
  const summary = missing
    ? REQUIRED_FIELDS_MESSAGE
    : (fields.image_url ?? (duplicate ? errors.duplicateSlug : null));
  return { summary, fields, subcategories };
}

export function toSaveCategoryArgs(
  id: string | null,
  values: CategoryFormValues,
  drafts: readonly SubcategoryDraft[],
): SaveCategoryArgs {
  return {
    p_id: id,
    p_name: values.name.trim(),
    p_slug: values.slug.trim(),
    p_description: values.description.trim(),
    p_image_url: values.image_url.trim() || null,
    p_subcategories: subcategoryChanges(drafts),
  };
}
