import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import type { Subcategory } from '../../../lib/catalog-types';

/** A subcategory tile on the category page, linking to the subcategory route. */
export function SubcategoryCard({
  categorySlug,
  subcategory,
}: {
  categorySlug: string;
  subcategory: Subcategory;
}) {
  return (
    <Link
      to={routes.subcategory(categorySlug, subcategory.slug)}
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 sm:p-5 shadow-sm transition hover:border-orange-300 hover:shadow-md"
    >
      <span className="font-semibold text-slate-900 group-hover:text-orange-600">{subcategory.name}</span>
      {subcategory.description && (
        <span className="mt-1 line-clamp-2 text-sm text-slate-600">{subcategory.description}</span>
      )}
      <span className="mt-auto pt-3 text-sm font-medium text-orange-600" aria-hidden="true">
        →
      </span>
    </Link>
  );
}
