import { getSupabase, rowRange, type Tables } from '@prepper/shared';
import { categoryIdCondition, type CategoryFilter } from '../lib/filter';
import { defineQuery } from '../../../lib/query';

export const CATEGORY_PAGE_SIZE = 10;

export interface CategoryListItem {
  id: string;
  name: string;
  slug: string;
  description: string;
  imageUrl: string | null;
  createdAt: string;
  subcategoryCount: number;
  productCount: number;
}

export interface CategoryListQuery {
  search: string;
  filter: CategoryFilter;
  page: number;
}

type CountedRow = Tables<'categories'> & {
  subcategories: { count: number }[] | null;
  products: { count: number }[] | null;
};

/** `%term%` for ilike, with the user's own % and _ matched literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** PostgREST list literal for in.(...): ids are UUIDs, so no quoting is needed. */
function idList(ids: readonly string[]): string {
  return `(${ids.join(',')})`;
}

/**
 * Ids of the categories that have at least one product: an inner embed keeps only those, and one
 * product per category is enough to know it.
 */
export async function getCategoryIdsWithProducts(): Promise<string[]> {
  const { data, error } = await getSupabase()
    .from('categories')
    .select('id, products!inner(id)')
    .limit(1, { referencedTable: 'products' });
  if (error) throw error;
  return data.map((row) => row.id);
}

/** The admin category list: nested counts, newest first, name search, filter, one page, exact total. */
export async function getCategories({ search, filter, page }: CategoryListQuery) {
  const condition =
    filter === 'all'
      ? categoryIdCondition(filter, [])
      : categoryIdCondition(filter, await getCategoryIdsWithProducts());
  if (condition.kind === 'in' && condition.ids.length === 0) return { categories: [], total: 0 };

  let query = getSupabase()
    .from('categories')
    .select('*, subcategories(count), products(count)', { count: 'exact' });
  const term = search.trim();
  if (term) query = query.ilike('name', containsPattern(term));
  if (condition.kind === 'in') query = query.in('id', condition.ids);
  if (condition.kind === 'not-in') query = query.not('id', 'in', idList(condition.ids));
  const { from, to } = rowRange(page, CATEGORY_PAGE_SIZE);
  const { data, error, count } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .range(from, to)
    .overrideTypes<CountedRow[], { merge: false }>();
  if (error) throw error;
  const categories: CategoryListItem[] = data.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    imageUrl: row.image_url,
    createdAt: row.created_at,
    subcategoryCount: row.subcategories?.[0]?.count ?? 0,
    productCount: row.products?.[0]?.count ?? 0,
  }));
  return { categories, total: count ?? 0 };
}

/** One page of the admin category list: key ['categories', [{ search, filter, page }]]. */
export const categoriesQuery = defineQuery('categories', getCategories);
