import { getCatalogueClient } from '@prepper/shared';
import { defineQuery } from '../../../lib/query';

/** How many reviews the shop's reviews page shows (the newest approved). */
export const LATEST_REVIEWS_COUNT = 30;

export interface LatestReview {
  id: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  verifiedPurchase: boolean;
  createdAt: string;
  product: { name: string; slug: string } | null;
}

interface LatestReviewRow {
  id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  verified_purchase: boolean;
  created_at: string;
  product: { name: string; slug: string } | null;
}

/** The newest approved reviews across the shop, each with its product (anonymous read, RLS: approved only). */
export async function getLatestReviews(): Promise<LatestReview[]> {
  const { data, error } = await getCatalogueClient()
    .from('reviews')
    .select(
      'id, author_name, rating, title, body, verified_purchase, created_at, product:products(name, slug)',
    )
    .eq('status', 'approved')
    .order('created_at', { ascending: false })
    .order('id')
    .limit(LATEST_REVIEWS_COUNT)
    .overrideTypes<LatestReviewRow[], { merge: false }>();
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    authorName: row.author_name,
    rating: row.rating,
    title: row.title,
    body: row.body,
    verifiedPurchase: row.verified_purchase,
    createdAt: row.created_at,
    product: row.product,
  }));
}

/** The shop's latest reviews: key ['latest-reviews', []]. */
export const latestReviewsQuery = defineQuery('latest-reviews', getLatestReviews);
