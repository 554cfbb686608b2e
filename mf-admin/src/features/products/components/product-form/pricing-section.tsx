import { FormSection, InputField } from '../../../../components';
import { productTexts } from '../../texts';
import type { ProductSectionProps } from './types';

const t = productTexts.form;

/** The price and the optional original price (shown struck through in the shop). */
export function PricingSection({ values, errors, update }: ProductSectionProps) {
  return (
    <FormSection title={t.sections.pricing}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t.price}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={values.price}
          error={errors.price}
          onChange={(event) => update('price', event.target.value)}
        />
        <InputField
          label={t.originalPrice}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={values.original_price}
          hint={t.originalPriceHint}
          error={errors.original_price}
          onChange={(event) => update('original_price', event.target.value)}
        />
      </div>
    </FormSection>
  );
}
