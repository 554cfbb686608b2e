import { formatPrice, toast, type Product } from '@prepper/shared';
import { Dialog } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { buttonStyles, ConfirmDialog, InputField, SelectField } from '../../../components';
import {
  adjustProductsPriceMutation,
  deleteProductsMutation,
  setProductsCategoryMutation,
  setProductsInStockMutation,
  type PriceChange,
} from '../api/bulk-products';
import { categoryOptionsQuery, subcategoryOptionsQuery } from '../api/get-category-options';
import { adjustedPrice } from '../lib/product-csv';
import { productTexts } from '../texts';

const t = productTexts.bulk;

type Open = 'category' | 'price' | 'delete' | null;

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** A price change as typed: a number with at most 2 decimals, not 0; else null. */
export function parsePriceChange(mode: 'percent' | 'amount', text: string): PriceChange | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[+-]?\d{1,8}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (value === 0) return null;
  if (mode === 'percent' && (value <= -100 || value > 1000)) return null;
  return mode === 'percent' ? { percent: value } : { amount: value };
}

/**
 * The bar over the product list while rows are selected: mark in or out of stock, change category,
 * adjust the price (with a preview of every new price) and delete (asked first). Each is one call the
 * database checks (products permission) and audits per product.
 */
export function BulkActions({
  selected,
  onClear,
  onPricesChanged,
}: {
  selected: readonly Product[];
  onClear: () => void;
  /** The new prices by id after a price change (the selection keeps them for the next preview). */
  onPricesChanged: (prices: ReadonlyMap<string, number>) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const stock = setProductsInStockMutation.use();
  const remove = deleteProductsMutation.use();
  const ids = selected.map((product) => product.id);
  const busy = stock.busy || remove.busy;

  async function setStock(inStock: boolean) {
    const outcome = await stock.mutate(ids, inStock);
    if (outcome.skipped) return;
    if (outcome.ok) toast.success(t.done(outcome.data));
    else toast.error(t.failed(messageOf(outcome.error)));
  }

  async function deleteSelected() {
    const outcome = await remove.mutate(ids);
    if (outcome.skipped) return;
    setOpen(null);
    if (outcome.ok) {
      toast.success(t.deleted(outcome.data));
      onClear();
    } else toast.error(t.failed(messageOf(outcome.error)));
  }

  return (
    <section
      aria-label={t.toolbar}
      className="flex flex-wrap items-center gap-2 border-b border-orange-200 bg-orange-50 px-4 py-3"
    >
      <p className="mr-2 text-sm font-semibold text-slate-900" aria-live="polite">
        {t.selected(selected.length)}
      </p>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={busy}
        onClick={() => void setStock(true)}
      >
        {t.markInStock}
      </button>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={busy}
        onClick={() => void setStock(false)}
      >
        {t.markOutOfStock}
      </button>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={busy}
        onClick={() => setOpen('category')}
      >
        {t.changeCategory}
      </button>
      <button
        type="button"
        className={buttonStyles.secondary}
        disabled={busy}
        onClick={() => setOpen('price')}
      >
        {t.adjustPrice}
      </button>
      <button
        type="button"
        className={`${buttonStyles.secondary} text-red-700`}
        disabled={busy}
        onClick={() => setOpen('delete')}
      >
        {t.delete}
      </button>
      <button type="button" className={`${buttonStyles.back} ml-auto`} onClick={onClear}>
        {t.clear}
      </button>

      {open === 'category' ? <CategoryDialog ids={ids} onClose={() => setOpen(null)} /> : null}
      {open === 'price' ? (
        <PriceDialog selected={selected} onChanged={onPricesChanged} onClose={() => setOpen(null)} />
      ) : null}
      <ConfirmDialog
        open={open === 'delete'}
        title={t.deleteTitle}
        message={
          <>
            <p>{t.deleteConfirm(selected.length)}</p>
            <ul className="mt-2 max-h-40 list-disc overflow-y-auto pl-5 font-medium text-slate-900">
              {selected.map((product) => (
                <li key={product.id}>{product.name}</li>
              ))}
            </ul>
          </>
        }
        confirmLabel={productTexts.list.deleteButton}
        cancelLabel={t.cancel}
        busy={remove.busy}
        onConfirm={() => void deleteSelected()}
        onCancel={() => setOpen(null)}
      />
    </section>
  );
}

function DialogButtons({ busy, onClose }: { busy: boolean; onClose: () => void }) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <button type="button" className={buttonStyles.secondary} onClick={onClose}>
        {t.cancel}
      </button>
      <button type="submit" className={buttonStyles.primary} disabled={busy}>
        {t.apply}
      </button>
    </div>
  );
}

function CategoryDialog({ ids, onClose }: { ids: readonly string[]; onClose: () => void }) {
  const categories = categoryOptionsQuery.use([]);
  const [categoryId, setCategoryId] = useState('');
  const subcategories = subcategoryOptionsQuery.use(categoryId ? [categoryId] : null);
  const [subcategoryId, setSubcategoryId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = setProductsCategoryMutation.use();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!categoryId) {
      setError(productTexts.form.errors.category);
      return;
    }
    const outcome = await save.mutate(ids, categoryId, subcategoryId || null);
    if (outcome.skipped) return;
    if (outcome.ok) {
      toast.success(t.done(outcome.data));
      onClose();
    } else setError(t.failed(messageOf(outcome.error)));
  }

  return (
    <Dialog open onClose={onClose} label={t.categoryTitle}>
      <form className="p-6" onSubmit={(event) => void submit(event)}>
        <h2 className="text-lg font-semibold text-slate-900">{t.categoryTitle}</h2>
        <div className="mt-4 space-y-4">
          <SelectField
            label={t.category}
            required
            value={categoryId}
            error={error}
            onChange={(event) => {
              setCategoryId(event.target.value);
              setSubcategoryId('');
              setError(null);
            }}
          >
            <option value="">{t.chooseCategory}</option>
            {(categories.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t.subcategory}
            value={subcategoryId}
            disabled={!categoryId}
            onChange={(event) => setSubcategoryId(event.target.value)}
          >
            <option value="">{t.noSubcategory}</option>
            {(categoryId ? (subcategories.data ?? []) : []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </SelectField>
        </div>
        <DialogButtons busy={save.busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}

function PriceDialog({
  selected,
  onChanged,
  onClose,
}: {
  selected: readonly Product[];
  onChanged: (prices: ReadonlyMap<string, number>) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'percent' | 'amount'>('percent');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = adjustProductsPriceMutation.use();
  const change = parsePriceChange(mode, text);
  const preview = change
    ? selected.map((product) => ({ product, after: adjustedPrice(product.price, change) }))
    : [];
  const tooLow = preview.some((row) => row.after < 0.01);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!change) {
      setError(t.priceInvalid);
      return;
    }
    if (tooLow) {
      setError(t.priceTooLow);
      return;
    }
    const outcome = await save.mutate(
      selected.map((product) => product.id),
      change,
    );
    if (outcome.skipped) return;
    if (outcome.ok) {
      toast.success(t.done(outcome.data.size));
      onChanged(outcome.data);
      onClose();
    } else setError(t.failed(messageOf(outcome.error)));
  }

  return (
    <Dialog open onClose={onClose} label={t.priceTitle} className="max-w-lg">
      <form className="p-6" onSubmit={(event) => void submit(event)}>
        <h2 className="text-lg font-semibold text-slate-900">{t.priceTitle}</h2>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">{t.priceMode}</legend>
          <div className="mt-1 flex gap-4 text-sm text-slate-700">
            {(['percent', 'amount'] as const).map((option) => (
              <label key={option} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="price-mode"
                  value={option}
                  checked={mode === option}
                  onChange={() => {
                    setMode(option);
                    setError(null);
                  }}
                />
                {t[option]}
              </label>
            ))}
          </div>
        </fieldset>
        <InputField
          fieldClassName="mt-4"
          label={t.priceValue}
          hint={t.priceHint}
          inputMode="decimal"
          value={text}
          error={error ?? (tooLow ? t.priceTooLow : null)}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        {preview.length > 0 ? (
          <div className="mt-4 max-h-56 overflow-y-auto rounded-md border border-slate-200">
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t.preview}</caption>
              <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t.previewColumns.product}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t.previewColumns.before}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t.previewColumns.after}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {preview.map(({ product, after }) => (
                  <tr key={product.id} data-testid="price-preview-row">
                    <td className="px-3 py-1.5 text-slate-900">{product.name}</td>
                    <td className="px-3 py-1.5 text-right text-slate-600">{formatPrice(product.price)}</td>
                    <td
                      className={`px-3 py-1.5 text-right font-medium ${after < 0.01 ? 'text-red-700' : 'text-slate-900'}`}
                    >
                      {formatPrice(after)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <DialogButtons busy={save.busy} onClose={onClose} />
      </form>
    </Dialog>
  );
}
