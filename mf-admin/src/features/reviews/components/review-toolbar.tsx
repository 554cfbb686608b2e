import { useState } from 'react';
import { buttonStyles, inputClass, SearchCombobox } from '../../../components';
import { REVIEW_STATUSES } from '../api/admin-review';
import {
  useReviewProduct,
  useReviewProductSearch,
  type ReviewProductOption,
} from '../api/search-review-products';
import { reviewTexts as t } from '../texts';

type FilterName = 'status' | 'product' | 'rating';

/**
 * The product filter: a search box that offers the reviewed products matching what is typed (name or
 * SKU, a few at a time, asked of the database), and a button to show all products again. The chosen
 * product's id is the address's `product`; its name is looked up when the page opens on it.
 */
export function ReviewProductFilter({
  productId,
  onChange,
}: {
  productId: string;
  onChange: (productId: string) => void;
}) {
  // null until the list first opens: nothing is asked before.
  const [search, setSearch] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReviewProductOption | null>(null);
  const options = useReviewProductSearch(search).data;
  const known = picked?.id === productId ? picked : null;
  const chosen = useReviewProduct(productId && !known ? productId : null).data;
  const selectedLabel = productId ? (known?.name ?? chosen?.name ?? '') : '';
  return (
    <SearchCombobox<ReviewProductOption>
      texts={{
        label: t.filters.product,
        placeholder: t.filters.productPlaceholder,
        clear: t.filters.clearProduct,
        loading: t.filters.searchingProducts,
        noMatches: t.filters.noProducts,
        results: t.filters.productsFound,
      }}
      selectedLabel={selectedLabel}
      options={search === null ? undefined : options}
      optionKey={(option) => option.id}
      optionLabel={(option) => option.name}
      renderOption={(option) => (
        <span className="flex items-baseline justify-between gap-3">
          <span className="min-w-0 break-words">{option.name}</span>
          <span className="shrink-0 font-mono text-xs text-slate-500">{option.sku}</span>
        </span>
      )}
      onSearch={setSearch}
      onSelect={(option) => {
        setPicked(option);
        onChange(option.id);
      }}
      onClear={() => {
        setPicked(null);
        onChange('');
      }}
    />
  );
}

/** The moderation queue's filters: status (or all), product, star rating; each kept in the address. */
export function ReviewFilters({
  status,
  productId,
  rating,
  onChange,
}: {
  status: string;
  productId: string;
  rating: number | null;
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
      <ReviewProductFilter productId={productId} onChange={(product) => onChange({ product })} />
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
