import { getSupabase, mapProduct, type Database, type Product } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

type SearchRow = Database['public']['Functions']['search_products']['Returns'][number];

/** At most 6 search results, so the overlay stays a short list. */
export const SEARCH_LIMIT = 6;

/**
 * Shortest query sent to the database: one letter matches nearly every product and cannot use the
 * trigram index, which needs three, so at scale it would read every row: the overlay waits for a third
 * character.
 */
export const SEARCH_MIN_LENGTH = 3;

/** True when the trimmed query is long enough to search (counted in characters, not UTF-16 units). */
export function isSearchable(query: string): boolean {
  return [...query.trim()].length >= SEARCH_MIN_LENGTH;
}

/**
 * Runs the catalogue search in the database (`search_products`: every word as a word prefix of the name,
 * tags or description, misspelt words also as their nearest catalogue words, or a category's name;
 * ranked by relevance, then rating). Shorter queries than SEARCH_MIN_LENGTH answer [] without a request.
 */
export async function searchProducts(query: string, limit = SEARCH_LIMIT): Promise<Product[]> {
  const trimmed = query.trim();
  if (!isSearchable(trimmed)) return [];
  const { data, error } = await getSupabase().rpc('search_products', { p_query: trimmed, p_limit: limit });
  if (error) throw new Error(error.message);
  const rows = (data ?? []) as SearchRow[];
  return rows
    .slice(0, limit)
    .map((row) =>
      mapProduct({ ...row, category: { name: row.category_name ?? '', slug: null }, subcategory: null }),
    );
}

/**
 * The results of one trimmed query: key ['search', [query]]. Each query has its own cached entry, so a
 * late answer for an older query can never show as the answer to a newer one; null waits.
 */
export const searchQuery = defineQuery('search', searchProducts);
export const useSearchResults = (query: string | null) => searchQuery.use(query === null ? null : [query]);

/** For a query that found nothing: up to 3 corrected queries (`search_suggestions`), closest first. */
export async function getSearchSuggestions(query: string): Promise<string[]> {
  const { data, error } = await getSupabase().rpc('search_suggestions', { p_query: query });
  if (error) throw new Error(error.message);
  return data ?? [];
}

/** The suggestions for one trimmed query: key ['search-suggestions', [query]]; null waits. */
export const suggestionsQuery = defineQuery('search-suggestions', getSearchSuggestions);
export const useSearchSuggestions = (query: string | null) =>
  suggestionsQuery.use(query === null ? null : [query]);
