import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';
import type { CategoryMenuProps } from '../types';
import { SubcategoryLinks } from './subcategory-links';

/** The categories with their subcategories as a plain list, for the mobile menu (inside the shell's <nav>). */
export function MobileCategoryNav({ categories, currentSlug, onNavigate }: CategoryMenuProps) {
  return (
    <ul aria-label={texts.nav.label} className="divide-y divide-slate-100">
      {categories.map((category) => {
        const current = category.slug === currentSlug;
        return (
          <li key={category.id} className="py-2">
            <Link
              to={routes.category(category.slug)}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              className={`block rounded-md px-3 py-2 font-semibold ${
                current ? 'bg-orange-50 text-orange-700' : 'text-slate-900 hover:bg-slate-100'
              }`}
            >
              {category.name}
            </Link>
            {category.subcategories.length > 0 && (
              <SubcategoryLinks
                category={category}
                onNavigate={onNavigate}
                className="ml-3 border-l border-slate-200 pl-3"
                linkClassName="block rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-orange-600"
              />
            )}
          </li>
        );
      })}
      <li className="py-2">
        <Link
          to={routes.products}
          onClick={onNavigate}
          className="block rounded-md px-3 py-2 font-semibold text-orange-600 hover:bg-orange-50"
        >
          {texts.nav.allProducts}
        </Link>
      </li>
    </ul>
  );
}

/** Loaded lazily; the default export spares the first load the mapping of a named one. */
export default MobileCategoryNav;
