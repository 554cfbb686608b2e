import { $customer, $sessionReady, openOverlay, toast, type Product } from '@prepper/shared';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { StarRating } from '../../../components/star-rating';
import { reviewTexts } from '../texts';
import { useDeleteReview } from '../api/delete-review';
import { useOwnReview } from '../api/get-own-review';
import { useRatingDistribution } from '../api/get-rating-distribution';
import { REVIEWS_PAGE_SIZE, useReviews } from '../api/get-reviews';
import type { Review, ReviewInput, ReviewSort } from '../api/review';
import { useSaveReview } from '../api/save-review';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';

const t = reviewTexts;
const SORTS: readonly ReviewSort[] = ['newest', 'highest', 'lowest'];

const secondaryButton =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 disabled:opacity-50';

function RatingSummary({ product }: { product: Product }) {
  const state = useRatingDistribution(product.id);
  const rows =
    state.status === 'success' ? state.data : [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 }));
  const total =
    state.status === 'success' ? rows.reduce((sum, row) => sum + row.count, 0) : product.reviewCount;
  const average =
    state.status === 'success' && total > 0
      ? Math.round((rows.reduce((sum, row) => sum + row.stars * row.count, 0) / total) * 10) / 10
      : product.rating;
  return (
    <section aria-label={t.summary} className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="text-center sm:pr-6 sm:text-left">
        <p className="text-4xl font-bold text-slate-900">{average.toFixed(1)}</p>
        <StarRating rating={average} size="md" />
        <p className="mt-1 text-sm text-slate-600">{t.basedOn(total)}</p>
      </div>
      <ul aria-label={t.distribution} className="space-y-1.5">
        {rows.map((row) => (
          <li
            key={row.stars}
            aria-label={t.starsRowLabel(row.stars, row.count)}
            className="flex items-center gap-3 text-sm"
          >
            <span aria-hidden="true" className="w-14 shrink-0 text-slate-700">
              {t.starsRow(row.stars)}
            </span>
            {/* An SVG bar: its width is an attribute, not a style (no 'unsafe-inline' for server HTML). */}
            <svg aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200">
              <rect
                className="fill-amber-400"
                height="100%"
                rx="5"
                width={`${total > 0 ? (row.count / total) * 100 : 0}%`}
              />
            </svg>
            <span aria-hidden="true" className="w-8 shrink-0 text-right text-slate-600">
              {row.count}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OwnReview({ review, onEdit }: { review: Review; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { mutate, busy } = useDeleteReview();
  const statusClass =
    review.status === 'approved'
      ? 'bg-green-100 text-green-800'
      : review.status === 'rejected'
        ? 'bg-red-100 text-red-800'
        : 'bg-amber-100 text-amber-900';

  async function remove() {
    const outcome = await mutate(review.id);
    if (outcome.ok) toast.success(t.deleted);
    else if (!outcome.skipped) {
      const { error } = outcome;
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <section aria-label={t.yours} className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{t.yours}</h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass}`}>
          {t.status[review.status]}
        </span>
      </div>
      {review.status === 'pending' && <p className="mb-3 text-sm text-slate-600">{t.pendingNote}</p>}
      {review.status === 'rejected' && review.rejectionReason && (
        <p className="mb-3 text-sm break-words text-red-800">{t.rejectedReason(review.rejectionReason)}</p>
      )}
      <ReviewItem review={review}>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <p className="w-full text-sm font-medium text-slate-900" role="status">
                {t.confirmDelete}
              </p>
              <button
                type="button"
                onClick={remove}
                disabled={busy}
                className={`${secondaryButton} text-red-700`}
              >
                {t.confirmDeleteYes}
              </button>
              <button
                type="button"
                onClick={() => setConfirming(false)}
                disabled={busy}
                className={secondaryButton}
              >
                {t.cancel}
              </button>
            </>
          ) : (
            <>
              <button type="button" onClick={onEdit} className={secondaryButton}>
                {t.edit}
              </button>
              <button type="button" onClick={() => setConfirming(true)} className={secondaryButton}>
                {t.delete}
              </button>
            </>
          )}
        </div>
      </ReviewItem>
    </section>
  );
}

function YourReview({ product }: { product: Product }) {
  const customer = useStore($customer);
  const ready = useStore($sessionReady);
  const [editing, setEditing] = useState(false);
  const save = useSaveReview();
  const own = useOwnReview(customer ? [product.id, customer.id] : null);

  if (!customer) {
    if (!ready) return null;
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">{t.signInPrompt}</p>
        <button
          type="button"
          onClick={() => openOverlay('auth')}
          className="shrink-0 rounded-md bg-orange-600 px-4 py-2 font-semibold text-white hover:bg-orange-700"
        >
          {t.signIn}
        </button>
      </div>
    );
  }
  if (own.status !== 'success') return null;
  const existing = own.data;

  async function submit(input: ReviewInput) {
    if (!(await save.mutate(product.id, existing?.id ?? null, input)).ok) return;
    toast.success(t.submitted);
    setEditing(false);
  }

  if (editing)
    return (
      <ReviewForm
        existing={existing}
        onSubmit={(input) => void submit(input)}
        saving={save.busy}
        failure={save.error}
        onCancel={() => {
          save.reset();
          setEditing(false);
        }}
      />
    );
  if (existing) return <OwnReview review={existing} onEdit={() => setEditing(true)} />;
  return (
    <button
      type="button"
      onClick={() => setEditing(true)}
      className="rounded-md bg-orange-600 px-4 py-2 font-semibold text-white hover:bg-orange-700"
    >
      {t.write}
    </button>
  );
}

/**
 * The approved reviews of others: a signed-in customer's own review is left out of the list (it shows once,
 * with its status, as "Your review"), so the list waits until the session is known.
 */
function ReviewList({ productId }: { productId: string }) {
  const sortId = useId();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const customer = useStore($customer);
  const ready = useStore($sessionReady);
  const own = useOwnReview(customer ? [productId, customer.id] : null);
  // A signed-in customer's list leaves out their own review, so it waits until that is known.
  const ownSettled = !customer || own.status !== 'loading';
  const ownId = own.status === 'success' ? (own.data?.id ?? null) : null;
  const state = useReviews((ready || customer) && ownSettled ? [productId, sort, page, ownId] : null);

  if (state.status === 'error') return <p className="text-slate-600">{t.loadFailed}</p>;
  const total = state.status === 'success' ? state.data.total : null;
  const pages = total === null ? 1 : Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  if (total === 0) {
    const hasOwn = customer !== null && own.status === 'success' && own.data !== null;
    return <p className="text-slate-600">{hasOwn ? t.noOthers : t.none}</p>;
  }

  return (
    <div>
      <div className="flex justify-end">
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="text-sm whitespace-nowrap text-slate-600">
            {t.sortLabel}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as ReviewSort);
              setPage(1);
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-orange-600 focus:outline-none"
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {t.sort[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.status === 'loading' ? (
        <p role="status" className="py-6 text-slate-500">
          {t.loading}
        </p>
      ) : (
        <ul className="mt-4 space-y-6" aria-busy={false}>
          {state.data.reviews.map((review) => (
            <li key={review.id} className="border-b border-slate-200 pb-6 last:border-0">
              <ReviewItem review={review} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t.pagination} className="mt-4 flex items-center justify-between gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t.previous}
          </button>
          <span className="text-sm text-slate-600">{t.pageOf(page, pages)}</span>
          <button
            type="button"
            className={secondaryButton}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t.next}
          </button>
        </nav>
      )}
    </div>
  );
}

/** The product page's Reviews tab: summary and distribution, the customer's own review or form, approved reviews. */
export function ReviewsPanel({ product }: { product: Product }) {
  // A saved or deleted review makes the queries it changes stale itself (api/review-queries.ts).
  return (
    <div className="space-y-8">
      <RatingSummary product={product} />
      <YourReview product={product} />
      <ReviewList productId={product.id} />
    </div>
  );
}

/** The product page loads it lazily with its Reviews tab; the default export spares the page the mapping. */
export default ReviewsPanel;
