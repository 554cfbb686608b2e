import type { CategoryNavProps } from '@prepper/shared';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useCategories } from '../../features/categories/api/get-categories';
import { DesktopCategoryNav } from '../../features/category-nav/components/desktop-category-nav';

/** Shown only in the shell's mobile menu once opened: not part of the first load. */
const MobileCategoryNav = lazy(() => import('../../features/category-nav/components/mobile-category-nav'));

/** The category slug of the current address, for highlighting. */
export function currentCategorySlug(pathname: string): string | null {
  const match = /^\/category\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Categories in created_at order, then 'All Products'; a failed load leaves only 'All Products'. */
export function CategoryNav({ variant, onNavigate }: CategoryNavProps) {
  const { pathname } = useLocation();
  const state = useCategories();
  const categories = state.status === 'success' ? state.data : [];
  const currentSlug = currentCategorySlug(pathname);
  return variant === 'desktop' ? (
    <DesktopCategoryNav categories={categories} currentSlug={currentSlug} onNavigate={onNavigate} />
  ) : (
    <Suspense fallback={null}>
      <MobileCategoryNav categories={categories} currentSlug={currentSlug} onNavigate={onNavigate} />
    </Suspense>
  );
}
