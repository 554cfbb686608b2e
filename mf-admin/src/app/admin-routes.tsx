import type { ComponentType } from 'react';
import { Outlet, Route, Routes, useParams } from 'react-router-dom';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';
import { AdministratorsPage } from './pages/administrators-page';
import { AnalyticsPage } from './pages/analytics-page';
import { AuditLogPage } from './pages/audit-log-page';
import { CategoryFormPage } from './pages/category-form-page';
import { CategoryListPage } from './pages/category-list-page';
import { ContentPageFormPage } from './pages/content-page-form-page';
import { ContentPagesPage } from './pages/content-pages-page';
import { CustomerDetailPage } from './pages/customer-detail-page';
import { CustomerListPage } from './pages/customer-list-page';
import { DashboardPage } from './pages/dashboard-page';
import { EmailPreviewPage } from './pages/email-preview-page';
import { LoginPage } from './pages/login-page';
import { MessagesPage } from './pages/messages-page';
import { AdminNotFoundPage } from './pages/not-found-page';
import { OrderDetailPage } from './pages/order-detail-page';
import { OrderListPage } from './pages/order-list-page';
import { ProductFormPage } from './pages/product-form-page';
import { ProductImportPage } from './pages/product-import-page';
import { ProductListPage } from './pages/product-list-page';
import { PromotionFormPage } from './pages/promotion-form-page';
import { PromotionListPage } from './pages/promotion-list-page';
import { ReviewsPage } from './pages/reviews-page';
import { SettingsPage } from './pages/settings-page';
import { EmergencyPage } from './pages/emergency-page';
import { RequirePermission } from './require-permission';

/** A fresh page per record, so going from one record's edit page to another's starts clean. */
function FreshPer({ param, page: Page }: { param: string; page: ComponentType }) {
  const params = useParams();
  return <Page key={params[param]} />;
}

/**
 * The back office route table, relative to where the host mounts it (/admin/*). Everything except the
 * login goes through the access guard and the shared layout; the pages are in ./pages.
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
        <Route path="products">
          <Route index element={<ProductListPage />} />
          <Route path="new" element={<ProductFormPage />} />
          <Route path="import" element={<ProductImportPage />} />
          <Route path=":productId/edit" element={<FreshPer param="productId" page={ProductFormPage} />} />
        </Route>
        <Route path="categories">
          <Route index element={<CategoryListPage />} />
          <Route path="new" element={<CategoryFormPage />} />
          <Route path=":categoryId/edit" element={<FreshPer param="categoryId" page={CategoryFormPage} />} />
        </Route>
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="administrators" element={<AdministratorsPage />} />
        <Route
          path="orders"
          element={
            <RequirePermission permission="orders">
              <Outlet />
            </RequirePermission>
          }
        >
          <Route index element={<OrderListPage />} />
          <Route path="emails" element={<EmailPreviewPage />} />
          <Route path=":orderId" element={<OrderDetailPage />} />
        </Route>
        <Route
          path="promotions"
          element={
            <RequirePermission permission="orders">
              <Outlet />
            </RequirePermission>
          }
        >
          <Route index element={<PromotionListPage />} />
          <Route path="new" element={<PromotionFormPage />} />
          <Route
            path=":promotionId/edit"
            element={<FreshPer param="promotionId" page={PromotionFormPage} />}
          />
        </Route>
        <Route
          path="customers"
          element={
            <RequirePermission permission="customers">
              <Outlet />
            </RequirePermission>
          }
        >
          <Route index element={<CustomerListPage />} />
          <Route path=":userId" element={<CustomerDetailPage />} />
        </Route>
        <Route
          path="analytics"
          element={
            <RequirePermission permission="analytics">
              <AnalyticsPage />
            </RequirePermission>
          }
        />
        <Route
          path="settings"
          element={
            <RequirePermission permission="settings">
              <SettingsPage />
            </RequirePermission>
          }
        />
        <Route
          path="emergency"
          element={
            <RequirePermission permission="settings">
              <EmergencyPage />
            </RequirePermission>
          }
        />
        <Route
          path="pages"
          element={
            <RequirePermission permission="settings">
              <Outlet />
            </RequirePermission>
          }
        >
          <Route index element={<ContentPagesPage />} />
          <Route path="new" element={<ContentPageFormPage />} />
          <Route path=":pageId/edit" element={<FreshPer param="pageId" page={ContentPageFormPage} />} />
        </Route>
        <Route
          path="messages"
          element={
            <RequirePermission permission="customers">
              <MessagesPage />
            </RequirePermission>
          }
        />
        <Route
          path="audit"
          element={
            <RequirePermission permission="settings">
              <AuditLogPage />
            </RequirePermission>
          }
        />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
