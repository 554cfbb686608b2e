import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { CheckoutPage } from '../app/pages/checkout-page';

/** The /checkout page; the shell mounts it in the storefront frame and provides the router. No props. */
export default CheckoutPage satisfies ExposeComponent<'cart', 'CheckoutPage'>;
