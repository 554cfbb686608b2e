const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * Product slug: lowercased name, punctuation removed, whitespace, underscores and
 * hyphens collapsed to single hyphens, then a hyphen and the product id.
 */
export function productSlug(name: string, id: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return base ? `${base}-${id}` : id;
}

/** The product id in a slug: its last 36 characters when they form a UUID, else the slug as is. */
export function extractProductId(slug: string): string {
  const tail = slug.slice(-36);
  return slug.length >= 36 && isUuid(tail) ? tail : slug;
}

/** Category and subcategory slug: lowercase, runs of non-alphanumerics become one dash, no edge dashes. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
