import { getSupabase } from '@prepper/shared';

/** Every product's id and name, for the product filter. */
export async function getReviewProductOptions(): Promise<{ id: string; name: string }[]> {
  const { data, error } = await getSupabase().from('products').select('id, name').order('name');
  if (error) throw error;
  return data;
}
