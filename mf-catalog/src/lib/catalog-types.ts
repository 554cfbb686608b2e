import type { Tables } from '@prepper/shared';

/** A subcategory as the storefront shows it. */
export interface Subcategory {
  id: string;
  name: string;
  slug: string;
  description: string;
}

/** A category with its subcategories. */
export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string;
  imageUrl: string | null;
  subcategories: Subcategory[];
}

/** A categories row with its subcategories embedded. */
export type CategoryRow = Pick<Tables<'categories'>, 'id' | 'name' | 'slug'> &
  Partial<Pick<Tables<'categories'>, 'description' | 'image_url' | 'created_at'>> & {
    subcategories?:
      | (Pick<Tables<'subcategories'>, 'id' | 'name' | 'slug'> &
          Partial<Pick<Tables<'subcategories'>, 'description' | 'created_at'>>)[]
      | null;
  };

export function mapCategory(row: CategoryRow): Category {
  const subcategories = [...(row.subcategories ?? [])].sort((a, b) =>
    (a.created_at ?? '').localeCompare(b.created_at ?? ''),
  );
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description ?? '',
    imageUrl: row.image_url ?? null,
    subcategories: subcategories.map((sub) => ({
      id: sub.id,
      name: sub.name,
      slug: sub.slug,
      description: sub.description ?? '',
    })),
  };
}
