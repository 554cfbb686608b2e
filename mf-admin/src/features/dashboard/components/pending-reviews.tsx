import { formatCount } from '@prepper/shared/format';
import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { icons } from '../../../components';
import { usePendingReviewCount } from '../api/get-pending-review-count';

/** A link to the review moderation queue saying how many reviews wait (products permission only). */
export function PendingReviews() {
  const { data } = usePendingReviewCount();
  return (
    <Link
      to={`${routes.admin.reviews}?status=pending`}
      className="flex min-h-14 items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-orange-300 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600"
    >
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-yellow-100 text-yellow-700">
        <icons.star className="h-5 w-5" />
      </span>
      <span className="text-sm font-medium text-slate-900">
        {data === undefined
          ? 'Reviews waiting for moderation'
          : `${formatCount(data, 'review waits', 'reviews wait')} for moderation`}
      </span>
      <span aria-hidden="true" className="ml-auto text-slate-400">
        →
      </span>
    </Link>
  );
}
