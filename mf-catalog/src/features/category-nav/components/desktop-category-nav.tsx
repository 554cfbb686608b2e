import { routes } from '@prepper/shared';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '../../../lib/catalog-types';
import { texts } from '../../../texts';
import type { CategoryMenuProps } from '../types';
import { SubcategoryLinks } from './subcategory-links';

function NavItem({
  category,
  current,
  alignRight,
  onNavigate,
}: {
  category: Category;
  current: boolean;
  alignRight: boolean;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const triggerRef = useRef<HTMLAnchorElement>(null);
  // Escape sends focus back to the trigger; that focus must not reopen the panel.
  const keepClosedOnFocus = useRef(false);
  const navigate = () => {
    setOpen(false);
    onNavigate?.();
  };

  return (
    <li
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => {
        if (keepClosedOnFocus.current) keepClosedOnFocus.current = false;
        else setOpen(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          if (document.activeElement !== triggerRef.current) {
            keepClosedOnFocus.current = true;
            triggerRef.current?.focus();
          }
        }
      }}
    >
      <Link
        ref={triggerRef}
        to={routes.category(category.slug)}
        aria-current={current ? 'page' : undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={navigate}
        className={`block rounded-md px-1.5 py-1.5 text-[13px] font-medium whitespace-nowrap transition ${
          current ? 'bg-orange-50 text-orange-700' : 'text-slate-700 hover:bg-slate-100 hover:text-orange-600'
        }`}
      >
        {category.name}
      </Link>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute top-full z-40 w-72 pt-2 ${alignRight ? 'right-0' : 'left-0'}`}
      >
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
          <p className="font-semibold text-slate-900">{category.name}</p>
          {category.description && <p className="mt-1 text-sm text-slate-600">{category.description}</p>}
          {category.subcategories.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500 italic">{texts.nav.noSubcategories}</p>
          ) : (
            <SubcategoryLinks
              category={category}
              onNavigate={navigate}
              className="mt-3 space-y-1"
              linkClassName="block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-orange-50 hover:text-orange-700"
            />
          )}
          <Link
            to={routes.category(category.slug)}
            onClick={navigate}
            className="mt-3 block border-t border-slate-100 pt-3 text-sm font-semibold text-orange-600 hover:text-orange-700"
          >
            {texts.nav.viewAll(category.name)}
          </Link>
        </div>
      </div>
    </li>
  );
}

/**
 * Horizontal category links; hovering or focusing one opens its panel of subcategories. The shell
 * wraps it in its own <nav> landmark.
 */
export function DesktopCategoryNav({ categories, currentSlug, onNavigate }: CategoryMenuProps) {
  return (
    <ul aria-label={texts.nav.label} className="flex flex-wrap items-center gap-y-1">
      {categories.map((category, index) => (
        <NavItem
          key={category.id}
          category={category}
          current={category.slug === currentSlug}
          alignRight={index >= Math.ceil(categories.length / 2)}
          onNavigate={onNavigate}
        />
      ))}
      <li>
        <Link
          to={routes.products}
          onClick={onNavigate}
          className="block rounded-md px-1.5 py-1.5 text-[13px] font-semibold whitespace-nowrap text-orange-600 hover:bg-orange-50"
        >
          {texts.nav.allProducts}
        </Link>
      </li>
    </ul>
  );
}
