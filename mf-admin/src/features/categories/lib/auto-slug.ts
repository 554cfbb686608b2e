import { slugify } from '@prepper/shared';

/**
 * The slug follows the name while it is empty or still equals the slug of the previous
 * name; once edited by hand it is left alone.
 */
export function nextSlug(previousName: string, nextName: string, currentSlug: string): string {
  if (currentSlug === '' || currentSlug === slugify(previousName)) return slugify(nextName);
  return currentSlug;
}

/** Applies a name change to something with a name and an auto-generated slug. */
export function renameWithSlug<T extends { name: string; slug: string }>(item: T, name: string): T {
  return { ...item, name, slug: nextSlug(item.name, name, item.slug) };
}
