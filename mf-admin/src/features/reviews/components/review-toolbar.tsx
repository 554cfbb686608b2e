import { buttonStyles, inputClass } from '../../../components';
import { REVIEW_STATUSES } from '../api/admin-review';
import { reviewTexts as t } from '../texts';

type FilterName = 'status' | 'product' | 'rating';

/** The moderation queue's filters: status (or all), product, star rating; each kept in the address. */
export function ReviewFilters({
  status,
  productId,
  rating,
  products,
  onChange,
}: {
  status: string;
  productId: string;
  rating: number | null;
  products: readonly { id: string; name: string }[];
  onChange: (next: Partial<Record<FilterName, string>>) => void;
}) {
  return (
    <div className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-3">
      <select
        aria-label={t.filters.status}
        value={status}
        onChange={(event) => onChange({ status: event.target.value })}
        className={inputClass}
      >
        {REVIEW_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t.status[value]}
          </option>
        ))}
        <option value="all">{t.filters.allStatuses}</option>
      </select>
      <select
        aria-label={t.filters.product}
        value={productId}
        onChange={(event) => onChange({ product: event.target.value })}
        className={inputClass}
      >
        <option value="">{t.filters.allProducts}</option>
        {products.map((product) => (
          <option key={product.id} value={product.id}>
            {product.name}
          </option>
        ))}
      </select>
      <select
        aria-label={t.filters.rating}
        value={rating ?? ''}
        onChange={(event) => onChange({ rating: event.target.value })}
        className={inputClass}
      >
        <option value="">{t.filters.allRatings}</option>
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={stars}>
            {t.filters.stars(stars)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Select all on the page, how many are selected, and approve or reject the selection at once. */
export function BulkActions({
  allSelected,
  empty,
  selectedCount,
  busy,
  onSelectAll,
  onApprove,
  onReject,
}: {
  allSelected: boolean;
  empty: boolean;
  selectedCount: number;
  busy: boolean;
  onSelectAll: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-slate-300 accent-orange-600"
          checked={allSelected}
          disabled={empty}
          onChange={onSelectAll}
        />
        {t.selectAll}
      </label>
      <span className="text-sm text-slate-500" aria-live="polite">
        {t.selected(selectedCount)}
      </span>
      <div className="flex gap-2 sm:ml-auto">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy || selectedCount === 0}
          onClick={onApprove}
        >
          {t.approveSelected}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy || selectedCount === 0}
          onClick={onReject}
        >
          {t.rejectSelected}
        </button>
      </div>
    </div>
  );
}
