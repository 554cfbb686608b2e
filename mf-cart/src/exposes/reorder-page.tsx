import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { ReorderPage } from '../app/pages/reorder-page';

/** The /checkout/reorder?products=…&reminder=… page (a reminder e-mail's "Reorder these"). No props. */
export default ReorderPage satisfies ExposeComponent<'cart', 'ReorderPage'>;
