import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { SuppliesPage } from '../app/pages/supplies-page';

/** The /account/supplies page (My Supplies); the shell mounts it in the storefront frame. No props. */
export default SuppliesPage satisfies ExposeComponent<'account', 'SuppliesPage'>;
