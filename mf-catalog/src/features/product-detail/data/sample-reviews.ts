/** A customer review as SPEC section 2 describes it. */
export interface Review {
  id: string;
  userName: string;
  rating: number;
  title: string;
  comment: string;
  date: string;
  verified: boolean;
}

/**
 * SPEC section 2: reviews are hard-coded samples, not fetched; every product page shows these.
 * They live here, in one place, until reviews exist in the backend.
 */
export const SAMPLE_REVIEWS: readonly Review[] = [
  {
    id: 'review-1',
    userName: 'Mike R.',
    rating: 5,
    title: 'Exactly what I needed',
    comment:
      'Solid build quality and it arrived well packed. Tested it on a weekend camping trip and it performed flawlessly.',
    date: '2024-03-12',
    verified: true,
  },
  {
    id: 'review-2',
    userName: 'Sarah K.',
    rating: 4,
    title: 'Great value for the price',
    comment: 'Does everything described. The instructions could be clearer, but once set up it works great.',
    date: '2024-02-27',
    verified: true,
  },
  {
    id: 'review-3',
    userName: 'David L.',
    rating: 5,
    title: 'Peace of mind',
    comment: 'Bought this for our home emergency kit. Knowing we have it makes the whole family feel safer.',
    date: '2024-01-18',
    verified: false,
  },
];
