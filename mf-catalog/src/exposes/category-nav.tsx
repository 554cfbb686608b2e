import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { CategoryNav } from '../app/pages/category-nav';

/**
 * The header's category navigation: props { variant: 'desktop' | 'mobile'; onNavigate?: () => void }.
 * Desktop shows hover/focus panels; mobile a plain list that calls onNavigate after a click.
 */
export default CategoryNav satisfies ExposeComponent<'catalog', 'CategoryNav'>;
