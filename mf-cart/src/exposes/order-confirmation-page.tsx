import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { OrderConfirmationPage } from '../app/pages/order-confirmation-page';

/** The /checkout/confirmation/:orderId page (reads `orderId` from the route). No props. */
export default OrderConfirmationPage satisfies ExposeComponent<'cart', 'OrderConfirmationPage'>;
