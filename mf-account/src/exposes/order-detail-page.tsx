import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { OrderDetailPage } from '../app/pages/order-detail-page';

/** The /account/orders/:orderId page (reads `orderId` from the route). No props. */
export default OrderDetailPage satisfies ExposeComponent<'account', 'OrderDetailPage'>;
