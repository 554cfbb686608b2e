import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { AccountSettingsPage } from '../app/pages/account-settings-page';

/** The /account/settings page; the shell mounts it in the storefront frame and provides the router. No props. */
export default AccountSettingsPage satisfies ExposeComponent<'account', 'AccountSettingsPage'>;
