import { reviewTexts } from '../texts';
import type { ReactNode } from 'react';
import { StarRating } from '../../../components/star-rating';
import type { Review } from '../api/review';

export function formatReviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** One review: stars, title, author, date, 'Verified Purchase' and the text, always as plain text. */
export function ReviewItem({ review, children }: { review: Review; children?: ReactNode }) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <h4 className="font-semibold break-words text-slate-900">{review.title}</h4>
      </div>
      <p className="mt-1 text-sm text-slate-500">
        {review.authorName} · <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
        {review.verified && <span className="ml-2 font-medium text-green-700">{reviewTexts.verified}</span>}
      </p>
      <p className="mt-2 break-words whitespace-pre-line text-slate-700">{review.body}</p>
      {children}
    </div>
  );
}
