import { FormSection, InputField } from '../../../../components';
import { lotsTotal, type LotDraft, type LotErrors } from '../../lib/lots';
import { productTexts } from '../../texts';
import { LotEditor, type LotEditorProps } from '../lot-editor';
import { ProductWaitlistCount } from '../waitlist-count';
import type { ProductSectionProps } from './types';

const t = productTexts.form;

/**
 * Stock: a number, or the sum of the lots once the product has any; the purchase limit, in stock, and
 * the lots. Editing a lot field clears that field's error only.
 */
export function InventorySection({
  values,
  errors,
  update,
  productId,
  lots,
  usesLots,
  lotErrors,
  today,
  onLotsChange,
}: ProductSectionProps & {
  productId: string | undefined;
  lots: LotDraft[];
  usesLots: boolean;
  lotErrors: LotErrors;
  today: string;
  onLotsChange: LotEditorProps['onChange'];
}) {
  return (
    <FormSection title={t.sections.inventory}>
      {productId ? <ProductWaitlistCount productId={productId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {usesLots ? (
          <p className="self-end py-2 text-sm font-medium text-slate-700" data-testid="stock-from-lots">
            {productTexts.lots.fromLots(lotsTotal(lots))}
          </p>
        ) : (
          <InputField
            label={t.stockCount}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.stock_count}
            error={errors.stock_count}
            onChange={(event) => update('stock_count', event.target.value)}
          />
        )}
        <InputField
          label={t.purchaseLimit}
          hint={t.purchaseLimitHint}
          type="number"
          inputMode="numeric"
          min={1}
          max={999}
          step={1}
          placeholder={t.noLimit}
          value={values.purchase_limit}
          error={errors.purchase_limit}
          onChange={(event) => update('purchase_limit', event.target.value)}
        />
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700 sm:col-span-2">
          <input
            type="checkbox"
            checked={values.in_stock}
            onChange={(event) => update('in_stock', event.target.checked)}
            className="h-4 w-4 rounded border-slate-300 accent-orange-600"
          />
          {t.inStock}
        </label>
      </div>
      <LotEditor lots={lots} errors={lotErrors} today={today} onChange={onLotsChange} />
    </FormSection>
  );
}
