import { getCatalogueClient } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** For a search that found nothing: up to 3 corrected searches (`search_suggestions`), closest first. */
export async function getSuggestions(query: string): Promise<string[]> {
  const { data, error } = await getCatalogueClient().rpc('search_suggestions', { p_query: query });
  if (error) throw error;
  return data;
}

/** Key ['suggestions', [query]]; null waits (asked only when a search found nothing). */
export const suggestionsQuery = defineQuery('suggestions', getSuggestions);
