import { toast } from '@prepper/shared';
import { useEffect } from 'react';
import { FormSection, InputField, SelectField, TextareaField } from '../../../../components';
import { categoryOptionsQuery, subcategoryOptionsQuery } from '../../api/get-category-options';
import { productTexts } from '../../texts';
import type { ProductSectionProps } from './types';

const t = productTexts.form;

/** Toasts once when a list of choices cannot be loaded (the form stays usable). */
function useToastOnError(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error(message);
  }, [failed, message]);
}

/**
 * Name, SKU (optional on a new product), description, and the category with its subcategory (whose
 * choices follow the category).
 */
export function BasicSection({
  values,
  errors,
  update,
  changeCategory,
  editing,
}: ProductSectionProps & { changeCategory: (categoryId: string) => void; editing: boolean }) {
  const categories = categoryOptionsQuery.use([]);
  const categoryId = values.category_id;
  const subcategories = subcategoryOptionsQuery.use(categoryId ? [categoryId] : null);
  useToastOnError(categories.status === 'error', productTexts.toasts.fetchCategoriesFailed);
  useToastOnError(subcategories.status === 'error', productTexts.toasts.fetchSubcategoriesFailed);
  // Only the chosen category's own choices: not the last category's while the new ones load.
  const subcategoryOptions = categoryId && subcategories.status === 'success' ? subcategories.data : [];

  return (
    <FormSection title={t.sections.basic}>
      <InputField
        label={t.name}
        required
        value={values.name}
        error={errors.name}
        onChange={(event) => update('name', event.target.value)}
      />
      <InputField
        label={t.sku}
        hint={editing ? t.skuHint : t.skuHintNew}
        required={editing}
        autoComplete="off"
        spellCheck={false}
        value={values.sku}
        error={errors.sku}
        onChange={(event) => update('sku', event.target.value)}
      />
      <TextareaField
        label={t.description}
        required
        rows={4}
        value={values.description}
        error={errors.description}
        onChange={(event) => update('description', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t.category}
          required
          value={values.category_id}
          error={errors.category_id}
          onChange={(event) => changeCategory(event.target.value)}
        >
          <option value="">{t.chooseCategory}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.subcategory}
          value={values.subcategory_id}
          disabled={!values.category_id}
          onChange={(event) => update('subcategory_id', event.target.value)}
        >
          <option value="">{values.category_id ? t.chooseSubcategory : t.chooseCategoryFirst}</option>
          {subcategoryOptions.map((subcategory) => (
            <option key={subcategory.id} value={subcategory.id}>
              {subcategory.name}
            </option>
          ))}
        </SelectField>
      </div>
    </FormSection>
  );
}
