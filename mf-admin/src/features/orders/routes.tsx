import { Route, Routes } from 'react-router-dom';
import { OrderDetailPage } from './components/order-detail-page';
import { OrderListPage } from './components/order-list-page';

/** The order pages, relative to where the admin route table mounts them (/admin/orders/*). */
export function OrderRoutes() {
  return (
    <Routes>
      <Route index element={<OrderListPage />} />
      <Route path=":orderId" element={<OrderDetailPage />} />
    </Routes>
  );
}
