import { getSupabase } from '@prepper/shared';

/** `%term%` for ilike, with the user's own % and _ matched literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Up to 8 products whose name holds the text, for a code's scope. */
export async function findProducts(text: string): Promise<{ id: string; name: string }[]> {
  const term = text.trim();
  if (term.length < 2) return [];
  const { data, error } = await getSupabase()
    .from('products')
    .select('id, name')
    .ilike('name', containsPattern(term))
    .order('name')
    .limit(8);
  if (error) throw error;
  return data;
}
