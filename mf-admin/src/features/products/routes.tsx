import { Route, Routes, useParams } from 'react-router-dom';
import { ProductFormPage } from './components/product-form-page';
import { ProductListPage } from './components/product-list-page';

/** A fresh form per product, so going from one product's edit page to another's starts clean. */
function EditProductPage() {
  const { productId } = useParams();
  return <ProductFormPage key={productId} />;
}

/** The product pages, relative to where the admin route table mounts them (/admin/products/*). */
export function ProductRoutes() {
  return (
    <Routes>
      <Route index element={<ProductListPage />} />
      <Route path="new" element={<ProductFormPage />} />
      <Route path=":productId/edit" element={<EditProductPage />} />
    </Routes>
  );
}
