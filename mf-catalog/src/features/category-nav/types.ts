import type { Category } from '../../lib/catalog-types';

/** What both category menus (the desktop bar and the mobile list) are given. */
export interface CategoryMenuProps {
  categories: Category[];
  /** The category of the current address, marked as the current page. */
  currentSlug: string | null;
  /** Called when a link is followed (the shell closes its mobile menu). */
  onNavigate?: () => void;
}
