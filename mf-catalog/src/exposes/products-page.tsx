import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { ProductsPage } from '../app/pages/products-page';

/** The ProductsPage of the storefront; the shell mounts it on its route and provides the router. */
export default ProductsPage satisfies ExposeComponent<'catalog', 'ProductsPage'>;
