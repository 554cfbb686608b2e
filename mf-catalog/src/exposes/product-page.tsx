import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { ProductPage } from '../app/pages/product-page';

/** The ProductPage of the storefront; the shell mounts it on its route and provides the router. */
export default ProductPage satisfies ExposeComponent<'catalog', 'ProductPage'>;
