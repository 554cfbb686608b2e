import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { ResetPasswordPage } from '../app/pages/reset-password-page';

/** The /account/reset-password page the reset e-mail links to; the shell mounts it in the storefront frame. No props. */
export default ResetPasswordPage satisfies ExposeComponent<'account', 'ResetPasswordPage'>;
