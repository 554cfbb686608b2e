import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import type { Category } from '../../../lib/catalog-types';

/** A category's subcategories as a list of links (the desktop menu's panel and the mobile menu both list them). */
export function SubcategoryLinks({
  category,
  onNavigate,
  className,
  linkClassName,
}: {
  category: Category;
  onNavigate?: () => void;
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {category.subcategories.map((sub) => (
        <li key={sub.id}>
          <Link
            to={routes.subcategory(category.slug, sub.slug)}
            onClick={onNavigate}
            className={linkClassName}
          >
            {sub.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
