import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { OrderHistoryPage } from '../app/pages/order-history-page';

/** The /account/orders page; the shell mounts it in the storefront frame and provides the router. No props. */
export default OrderHistoryPage satisfies ExposeComponent<'account', 'OrderHistoryPage'>;
