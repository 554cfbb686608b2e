import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { OrderStatusPage } from '../app/pages/order-status-page';

/** The /order-status?token=… page (reads the token from the query). No props. */
export default OrderStatusPage satisfies ExposeComponent<'cart', 'OrderStatusPage'>;
