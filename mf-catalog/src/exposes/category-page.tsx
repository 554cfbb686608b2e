import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { CategoryPage } from '../app/pages/category-page';

/** The CategoryPage of the storefront; the shell mounts it on its route and provides the router. */
export default CategoryPage satisfies ExposeComponent<'catalog', 'CategoryPage'>;
