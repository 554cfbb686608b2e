import { routes } from '@prepper/shared';
import { FallbackImage } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import type { Category } from '../../../lib/catalog-types';
import { texts } from '../../../texts';

/** A category card lists three subcategories. */
export const CARD_SUBCATEGORY_COUNT = 3;

/** A home-page category card: image, name, description, first subcategories and the explore link. */
export function CategoryCard({ category }: { category: Category }) {
  const shown = category.subcategories.slice(0, CARD_SUBCATEGORY_COUNT);
  const more = category.subcategories.length - shown.length;
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="aspect-[16/9] overflow-hidden bg-slate-100">
        <FallbackImage
          src={category.imageUrl}
          alt=""
          loading="lazy"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-slate-900">{category.name}</h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{category.description}</p>
        {shown.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500 italic">{texts.home.noSubcategories}</p>
        ) : (
          <ul className="mt-3 space-y-1 text-sm">
            {shown.map((sub) => (
              <li key={sub.id}>
                <Link
                  to={routes.subcategory(category.slug, sub.slug)}
                  className="inline-block py-0.5 text-slate-700 hover:text-orange-600"
                >
                  {sub.name}
                </Link>
              </li>
            ))}
            {more > 0 && <li className="text-slate-500">{texts.home.moreCategories(more)}</li>}
          </ul>
        )}
        <Link
          to={routes.category(category.slug)}
          className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-orange-600 hover:text-orange-700"
        >
          {texts.home.explore(category.name)}
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
