import { pageCount, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useEffect, useState } from 'react';
import {
  icons,
  ListPage,
  PageHeader,
  RowActions,
  type ListPageState,
  type RowAction,
} from '../../components';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { hasPermission, useCurrentAdmin } from '../../lib/current-admin';
import {
  ADMIN_REVIEW_PAGE_SIZE,
  REVIEW_STATUSES,
  type AdminReview,
  type ReviewStatus,
} from '../../features/reviews/api/admin-review';
import { useModerateReviews } from '../../features/reviews/api/moderate-reviews';
import { adminReviewsQuery, useAdminReviews } from '../../features/reviews/api/get-admin-reviews';
import { reviewTexts as t } from '../../features/reviews/texts';
import { RejectDialog } from '../../features/reviews/components/reject-dialog';
import { BulkActions, ReviewFilters } from '../../features/reviews/components/review-toolbar';

const NO_FILTERS = {};

const STATUS_TONE: Record<ReviewStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-800',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

function readQuery(params: URLSearchParams) {
  const status = params.get('status');
  const rating = Number(params.get('rating'));
  const page = Number(params.get('page'));
  return {
    status:
      status === 'all' || REVIEW_STATUSES.includes(status as ReviewStatus)
        ? (status as ReviewStatus | 'all')
        : 'pending',
    productId: params.get('product') ?? '',
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap text-slate-700">
      <icons.star className="h-4 w-4 text-yellow-400" />
      {rating}
      <span className="sr-only"> out of 5</span>
    </span>
  );
}

function ReviewText({ review }: { review: AdminReview }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{review.title}</p>
      <p className="mt-0.5 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">
        {review.body}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {t.by(review.authorName)}
        {review.verified ? <span className="ml-2 font-medium text-green-700">{t.verified}</span> : null}
      </p>
      {review.status === 'rejected' && review.rejectionReason ? (
        <p className="mt-1 text-xs break-words text-red-700">{t.reason(review.rejectionReason)}</p>
      ) : null}
    </div>
  );
}

/** /admin/reviews: the moderation queue with filters, approve, reject with a reason, and bulk actions. */
export function ReviewsPage() {
  useDocumentTitle('Reviews · Admin');
  const admin = useCurrentAdmin();
  const allowed = hasPermission(admin, 'products');
  const { searchParams, change } = useUrlFilters<'status' | 'product' | 'rating'>();
  const query = readQuery(searchParams);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<string[]>([]);
  const { mutate, busy } = useModerateReviews();

  const { status, productId, rating, page } = query;
  const reviewsState = useAdminReviews(allowed ? { status, productId, rating, page } : null);
  const failure = reviewsState.status === 'error' ? reviewsState.error : null;
  useEffect(() => {
    if (!failure) return;
    console.error(failure);
    toast.error(t.toasts.loadFailed);
  }, [failure]);
  const data = allowed ? reviewsState.data : { reviews: [], total: 0 };
  const reviews = data?.reviews ?? [];
  const total = data?.total ?? 0;
  const pages = pageCount(total, ADMIN_REVIEW_PAGE_SIZE);
  // The filters are the page's own selects (below), so the list has no search box or filter spec.
  const list: ListPageState<typeof NO_FILTERS> = {
    search: '',
    spec: NO_FILTERS,
    filters: {},
    change: (next) => {
      if ('page' in next) change({ page: String(next.page) });
    },
    loading: allowed && reviewsState.status === 'loading',
    error: failure,
    reload: () => adminReviewsQuery.invalidate(),
    page: Math.min(page, pages),
    pages,
    total,
    pageSize: ADMIN_REVIEW_PAGE_SIZE,
  };

  async function moderate(ids: string[], reason: string | null) {
    const outcome = await mutate(ids, reason);
    if (outcome.skipped) return;
    if (!outcome.ok) {
      const { error } = outcome;
      toast.error(error instanceof Error ? error.message : String(error));
      return;
    }
    toast.success(reason === null ? t.toasts.approved(ids.length) : t.toasts.rejected(ids.length));
    setRejecting([]);
    setSelected(new Set());
  }

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const allSelected = reviews.length > 0 && reviews.every((review) => selected.has(review.id));
  const selectedIds = reviews.filter((review) => selected.has(review.id)).map((review) => review.id);

  if (!allowed) {
    return (
      <div>
        <PageHeader title={t.title} subtitle={t.subtitle} />
        <p
          role="alert"
          className="rounded-md border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800"
        >
          {t.needsPermission}
        </p>
      </div>
    );
  }

  const rowActions = (review: AdminReview) => (
    <RowActions
      actions={[
        ...(review.status === 'approved'
          ? []
          : [
              {
                label: t.approve(review.title),
                title: t.approveShort,
                icon: icons.check,
                tone: 'approve',
                disabled: busy,
                onClick: () => void moderate([review.id], null),
              } satisfies RowAction,
            ]),
        ...(review.status === 'rejected'
          ? []
          : [
              {
                label: t.reject(review.title),
                title: t.rejectShort,
                icon: icons.x,
                tone: 'danger',
                disabled: busy,
                onClick: () => setRejecting([review.id]),
              } satisfies RowAction,
            ]),
      ]}
    />
  );

  const checkbox = (review: AdminReview) => (
    <input
      type="checkbox"
      className="h-4 w-4 rounded border-slate-300 accent-orange-600"
      checked={selected.has(review.id)}
      onChange={() => toggle(review.id)}
      aria-label={t.selectOne(review.title)}
    />
  );

  const statusBadge = (review: AdminReview) => (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[review.status]}`}>
      {t.status[review.status]}
    </span>
  );

  const date = (review: AdminReview) => new Date(review.createdAt).toLocaleDateString('en-US');

  return (
    <ListPage
      texts={{ ...t, emptySearchHint: t.emptyHint }}
      list={list}
      items={data?.reviews}
      toolbar={
        <>
          <ReviewFilters status={status} productId={productId} rating={rating} onChange={change} />
          <BulkActions
            allSelected={allSelected}
            empty={reviews.length === 0}
            selectedCount={selectedIds.length}
            busy={busy}
            onSelectAll={() =>
              setSelected(allSelected ? new Set() : new Set(reviews.map((review) => review.id)))
            }
            onApprove={() => void moderate(selectedIds, null)}
            onReject={() => setRejecting(selectedIds)}
          />
        </>
      }
      columns={[
        {
          label: <span className="sr-only">{t.columns.select}</span>,
          className: 'px-4 py-3 align-top',
          cell: checkbox,
        },
        {
          label: t.columns.review,
          className: 'max-w-md px-4 py-3 align-top',
          cell: (review) => <ReviewText review={review} />,
        },
        {
          label: t.columns.product,
          className: 'px-4 py-3 align-top text-slate-700',
          cell: (review) => review.productName,
        },
        {
          label: t.columns.rating,
          className: 'px-4 py-3 align-top',
          cell: (review) => <Stars rating={review.rating} />,
        },
        { label: t.columns.status, className: 'px-4 py-3 align-top', cell: statusBadge },
        {
          label: t.columns.date,
          className: 'px-4 py-3 align-top whitespace-nowrap text-slate-600',
          cell: date,
        },
        {
          label: t.columns.actions,
          align: 'right',
          className: 'px-4 py-3 align-top',
          cell: rowActions,
        },
      ]}
      card={(review) => (
        <>
          <div className="pt-1">{checkbox(review)}</div>
          <div className="min-w-0 flex-1">
            <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
              <Stars rating={review.rating} />
              {statusBadge(review)}
              <span className="text-xs text-slate-500">{date(review)}</span>
            </div>
            <ReviewText review={review} />
            <p className="mt-1 text-xs font-medium text-slate-700">{review.productName}</p>
            {rowActions(review)}
          </div>
        </>
      )}
      emptyIcon={icons.star}
    >
      <RejectDialog
        count={rejecting.length}
        busy={busy}
        onConfirm={(reason) => void moderate(rejecting, reason)}
        onCancel={() => setRejecting([])}
      />
    </ListPage>
  );
}
