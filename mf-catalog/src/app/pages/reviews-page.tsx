import { routes, usePageMeta } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageLoading } from '../../components/page-loading';
import { StarRating } from '../../components/star-rating';
import { latestReviewsQuery } from '../../features/reviews/api/get-latest-reviews';
import { formatDay } from '../../lib/format-date';
import { contentTexts } from '../../features/content/texts';
import { reviewTexts } from '../../features/reviews/texts';

/** /reviews: the latest approved reviews across the shop, newest first, each linking to its product. */
export function ReviewsPage() {
  const state = latestReviewsQuery.use([]);
  const t = contentTexts.latestReviews;
  useDocumentTitle(t.title);
  usePageMeta({ title: t.title, description: t.lead, canonical: routes.reviews });
  if (state.status === 'loading') return <PageLoading label={t.loading} />;
  const reviews = state.status === 'success' ? state.data : [];
  return (
    <div data-remote="catalog" className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <Breadcrumb items={[{ label: contentTexts.content.home, to: routes.home }, { label: t.title }]} />
      <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">{t.title}</h1>
      <p className="mt-2 text-slate-600">{t.lead}</p>
      {reviews.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 py-12 text-center text-slate-600">
          {t.noReviews}
        </p>
      ) : (
        <ol className="mt-8 space-y-6">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 bg-white p-5">
              <article>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StarRating rating={review.rating} />
                  <h2 className="font-semibold text-slate-900">{review.title}</h2>
                </div>
                <p className="mt-1 text-sm text-slate-500">
                  {t.by(review.authorName)} · {formatDay(review.createdAt)}
                  {review.verifiedPurchase ? ` · ${reviewTexts.verified}` : ''}
                </p>
                <p className="mt-3 whitespace-pre-line text-slate-700">{review.body}</p>
                {review.product ? (
                  <p className="mt-3 text-sm">
                    {t.about}{' '}
                    <Link
                      to={routes.productBySlug(review.product.slug)}
                      className="font-medium text-orange-700 hover:underline"
                    >
                      {review.product.name}
                    </Link>
                  </p>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
