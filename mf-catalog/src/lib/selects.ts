/** Select lists shared by the catalogue's queries (SPEC section 7). */

/** All product fields with the category and subcategory names (and slugs, for links). */
export const PRODUCT_WITH_NAMES = '*, category:categories(name, slug), subcategory:subcategories(name, slug)';

/** Categories with their nested subcategories. */
export const CATEGORY_WITH_SUBCATEGORIES = '*, subcategories(id, name, slug, description, created_at)';
