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

/**
 * Name, slug, description and image URL required ('Please fill in all required fields');
 * the image URL must be a URL; each kept subcategory needs a name and a slug, slugs unique in the category.
 */
export function validateCategoryForm(
  values: CategoryFormValues,
  drafts: readonly SubcategoryDraft[],
): CategoryFormErrors {
  const fields: CategoryFormErrors['fields'] = {};
  if (!values.name.trim()) fields.name = errors.name;
  if (!values.slug.trim()) fields.slug = errors.slug;
  if (!values.description.trim()) fields.description = errors.description;
  if (!values.image_url.trim()) fields.image_url = errors.imageUrl;
  else if (!isHttpUrl(values.image_url)) fields.image_url = errors.imageUrlFormat;

  const subcategories: CategoryFormErrors['subcategories'] = {};
  const seen = new Set<string>();
  let subcategoryMissing = false;
  let duplicate = false;
  for (const draft of drafts) {
    if (draft.markedForDeletion) continue;
    const problems: Partial<Record<'name' | 'slug', string>> = {};
    const slug = draft.slug.trim();
    if (!draft.name.trim()) problems.name = errors.subcategoryName;
    if (!slug) problems.slug = errors.subcategorySlug;
    else if (seen.has(slug)) problems.slug = errors.duplicateSlug;
    if (problems.name || (problems.slug && problems.slug !== errors.duplicateSlug)) subcategoryMissing = true;
    if (problems.slug === errors.duplicateSlug) duplicate = true;
    seen.add(slug);
    if (problems.name || problems.slug) subcategories[draft.key] = problems;
  }

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
