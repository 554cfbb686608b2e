import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { SubcategoryPage } from '../app/pages/subcategory-page';

/** The SubcategoryPage of the storefront; the shell mounts it on its route and provides the router. */
export default SubcategoryPage satisfies ExposeComponent<'catalog', 'SubcategoryPage'>;
