import { Route, Routes } from 'react-router-dom';
import { CustomerDetailPage } from './components/customer-detail-page';
import { CustomerListPage } from './components/customer-list-page';

/** The customer pages, relative to where the admin route table mounts them (/admin/customers/*). */
export function CustomerRoutes() {
  return (
    <Routes>
      <Route index element={<CustomerListPage />} />
      <Route path=":userId" element={<CustomerDetailPage />} />
    </Routes>
  );
}
