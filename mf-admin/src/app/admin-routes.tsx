import { Route, Routes } from 'react-router-dom';
import { AdministratorsPage } from '../features/administrators/components/administrators-page';
import { LoginPage } from '../features/auth/components/login-page';
import { CategoryRoutes } from '../features/categories/routes';
import { CustomerRoutes } from '../features/customers/routes';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { ComingSoonPage } from '../features/placeholders/components/coming-soon-page';
import { AdminNotFoundPage } from '../features/placeholders/components/not-found-page';
import { OrderRoutes } from '../features/orders/routes';
import { ProductRoutes } from '../features/products/routes';
import { ReviewsPage } from '../features/reviews/components/reviews-page';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';
import { RequirePermission } from './require-permission';

/**
 * The back office route table, relative to where the host mounts it (/admin/*). Everything except the
 * login goes through the access guard and the shared layout.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route
        element={
          <AdminGuard>
            <AdminLayout />
          </AdminGuard>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="products/*" element={<ProductRoutes />} />
        <Route path="categories/*" element={<CategoryRoutes />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="administrators" element={<AdministratorsPage />} />
        <Route
          path="orders/*"
          element={
            <RequirePermission permission="orders">
              <OrderRoutes />
            </RequirePermission>
          }
        />
        <Route
          path="customers/*"
          element={
            <RequirePermission permission="customers">
              <CustomerRoutes />
            </RequirePermission>
          }
        />
        <Route path="analytics" element={<ComingSoonPage section="Analytics" />} />
        <Route path="settings" element={<ComingSoonPage section="Settings" />} />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
