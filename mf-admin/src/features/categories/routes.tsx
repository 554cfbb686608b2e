import { Route, Routes, useParams } from 'react-router-dom';
import { CategoryFormPage } from './components/category-form-page';
import { CategoryListPage } from './components/category-list-page';

/** A fresh form per category, so going from one category's edit page to another's starts clean. */
function EditCategoryPage() {
  const { categoryId } = useParams();
  return <CategoryFormPage key={categoryId} />;
}

/** The category pages, relative to where the admin route table mounts them (/admin/categories/*). */
export function CategoryRoutes() {
  return (
    <Routes>
      <Route index element={<CategoryListPage />} />
      <Route path="new" element={<CategoryFormPage />} />
      <Route path=":categoryId/edit" element={<EditCategoryPage />} />
    </Routes>
  );
}
