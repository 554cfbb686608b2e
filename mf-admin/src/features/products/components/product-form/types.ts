import type { ProductFormErrors, ProductFormValues } from '../../lib/product-form';

/** What every section of the product form gets: the values, their errors and how to change one. */
export interface ProductSectionProps {
  values: ProductFormValues;
  errors: ProductFormErrors['fields'];
  update: <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => void;
}
