/** Select lists shared by the catalogue's queries. */

/** Categories with their nested subcategories. */
export const CATEGORY_WITH_SUBCATEGORIES = '*, subcategories(id, name, slug, description, created_at)';
