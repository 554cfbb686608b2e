import '../styles.css';
import type { ExposeComponent } from '@prepper/shared';
import { AdminRoutes } from '../app/admin-routes';

/**
 * ./AdminApp — the whole back office. The host mounts it full-page at `/admin/*` inside its own
 * BrowserRouter; it declares relative nested routes (login, dashboard, products, categories,
 * administrators, analytics, settings and the audit log) and guards all but the login itself.
 */
function AdminApp() {
  return <AdminRoutes />;
}

export default AdminApp satisfies ExposeComponent<'admin', 'AdminApp'>;
