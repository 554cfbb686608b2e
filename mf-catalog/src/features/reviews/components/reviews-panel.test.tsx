import { $customer, $overlays, $sessionReady, type Product } from '@prepper/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteReview } from '../api/delete-review';
import { getOwnReview } from '../api/get-own-review';
import { getRatingDistribution } from '../api/get-rating-distribution';
import { getReviews } from '../api/get-reviews';
import type { Review } from '../api/review';
import { saveReview } from '../api/save-review';
import { ReviewsPanel } from './reviews-panel';

vi.mock('../api/get-reviews', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    REVIEWS_PAGE_SIZE: 5,
    getReviews: vi.fn(),
  }),
);
vi.mock('../api/get-rating-distribution', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getRatingDistribution: vi.fn(),
  }),
);
vi.mock('../api/get-own-review', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getOwnReview: vi.fn(),
  }),
);
vi.mock('../api/save-review', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    saveReview: vi.fn(),
  }),
);
vi.mock('../api/delete-review', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    deleteReview: vi.fn(),
  }),
);

const product = { id: 'p1', rating: 4.2, reviewCount: 12 } as Product;
const customer = { id: 'u1', email: 'casey@example.com', firstName: 'Casey', lastName: 'Nguyen' };

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 'r1',
    productId: 'p1',
    authorName: 'Mike R.',
    rating: 5,
    title: 'Exactly what I needed',
    body: 'Solid build quality.',
    status: 'approved',
    rejectionReason: null,
    verified: true,
    createdAt: '2024-03-12T10:00:00Z',
    updatedAt: '2024-03-12T10:00:00Z',
    ...overrides,
  };
}

beforeEach(() => {
  vi.mocked(getReviews).mockReset();
  vi.mocked(getReviews).mockImplementation((_id, sort, page) =>
    Promise.resolve({
      total: 12,
      reviews: [review({ id: `${sort}-${page}`, title: `${sort} page ${page}` })],
    }),
  );
  vi.mocked(getRatingDistribution).mockResolvedValue([
    { stars: 5, count: 6 },
    { stars: 4, count: 3 },
    { stars: 3, count: 2 },
    { stars: 2, count: 0 },
    { stars: 1, count: 1 },
  ]);
  vi.mocked(getOwnReview).mockResolvedValue(null);
  vi.mocked(saveReview).mockReset();
  vi.mocked(deleteReview).mockReset();
  act(() => {
    $customer.set(null);
    $sessionReady.set(true);
    $overlays.set({ cart: false, auth: false, search: false });
  });
});

describe('ReviewsPanel', () => {
  it('shows the average, the count and the distribution of the approved reviews', async () => {
    render(<ReviewsPanel product={product} />);
    const summary = await screen.findByRole('region', { name: 'Customer reviews' });
    await waitFor(() => expect(within(summary).getByText('Based on 12 reviews')).toBeInTheDocument());
    // (6×5 + 3×4 + 2×3 + 1) / 12 = 4.08
    expect(within(summary).getByText('4.1')).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Rating distribution' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      '5 stars: 6 reviews',
      '4 stars: 3 reviews',
      '3 stars: 2 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
  });

  it('pages and sorts the approved reviews', async () => {
    render(<ReviewsPanel product={product} />);
    expect(await screen.findByText('newest page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('newest page 2')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort reviews' }), 'Lowest rated');
    expect(await screen.findByText('lowest page 1')).toBeInTheDocument();
    expect(getReviews).toHaveBeenLastCalledWith('p1', 'lowest', 1, null);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort reviews' }), 'Highest rated');
    expect(await screen.findByText('highest page 1')).toBeInTheDocument();
  });

  it('renders review text as text, never as HTML, with the verified mark', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    vi.mocked(getReviews).mockResolvedValue({
      total: 1,
      reviews: [review({ title: markup, body: `Nice ${markup}` })],
    });
    const { container } = render(<ReviewsPanel product={product} />);
    expect(await screen.findByText(markup)).toBeInTheDocument();
    expect(screen.getByText(`Nice ${markup}`)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Verified Purchase')).toBeInTheDocument();
  });

  it('invites visitors to sign in, which opens the account overlay', async () => {
    render(<ReviewsPanel product={product} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to write a review' }));
    expect($overlays.get().auth).toBe(true);
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('lets a signed-in customer write a review, then shows it as waiting for moderation', async () => {
    act(() => $customer.set(customer));
    const pending = review({
      id: 'mine',
      authorName: 'Casey N.',
      status: 'pending',
      verified: false,
      title: 'Good radio',
      body: 'Works in a storm.',
    });
    vi.mocked(saveReview).mockResolvedValue(pending);
    render(<ReviewsPanel product={product} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Write a review' });
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText('Title'), 'Good radio');
    await userEvent.type(within(form).getByLabelText('Your review'), 'Works in a storm.');
    vi.mocked(getOwnReview).mockResolvedValue(pending);
    await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(saveReview).toHaveBeenCalledWith('p1', null, {
      rating: 4,
      title: 'Good radio',
      body: 'Works in a storm.',
    });
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(within(mine).getByText('Waiting for moderation')).toBeInTheDocument();
    expect(within(mine).getByText('Works in a storm.')).toBeInTheDocument();
  });

  it('shows a rejected review with its reason, and edits it in the form', async () => {
    act(() => $customer.set(customer));
    const rejected = review({
      id: 'mine',
      status: 'rejected',
      rejectionReason: 'Please keep it about the product',
      title: 'Old title',
      body: 'Old text here.',
    });
    vi.mocked(getOwnReview).mockResolvedValue(rejected);
    vi.mocked(saveReview).mockResolvedValue({ ...rejected, status: 'pending', rejectionReason: null });
    render(<ReviewsPanel product={product} />);
    const mine = await screen.findByRole('region', { name: 'Your review' });
    expect(within(mine).getByText('Not published')).toBeInTheDocument();
    expect(within(mine).getByText('Reason: Please keep it about the product')).toBeInTheDocument();
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit review' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Old title');
    expect(within(form).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await userEvent.clear(within(form).getByLabelText('Title'));
    await userEvent.type(within(form).getByLabelText('Title'), 'New title');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(saveReview).toHaveBeenCalledWith('p1', 'mine', {
      rating: 5,
      title: 'New title',
      body: 'Old text here.',
    });
  });

  it("shows a signed-in customer's approved review once, as theirs with its status, not again in the list", async () => {
    act(() => $customer.set(customer));
    const mine = review({ id: 'mine', authorName: 'Casey N.', title: 'My own words' });
    const other = review({ id: 'other', title: 'Someone else' });
    vi.mocked(getOwnReview).mockResolvedValue(mine);
    // The database leaves out the review passed as the fourth argument, as the neq filter does.
    vi.mocked(getReviews).mockImplementation((_id, _sort, _page, exceptReviewId) => {
      const reviews = [mine, other].filter((one) => one.id !== exceptReviewId);
      return Promise.resolve({ total: reviews.length, reviews });
    });
    render(<ReviewsPanel product={product} />);
    const yours = await screen.findByRole('region', { name: 'Your review' });
    expect(within(yours).getByText('Published')).toBeInTheDocument();
    expect(await screen.findByText('Someone else')).toBeInTheDocument();
    expect(screen.getAllByText('My own words')).toHaveLength(1);
    expect(within(yours).getByText('My own words')).toBeInTheDocument();
    expect(getReviews).toHaveBeenCalledWith('p1', 'newest', 1, 'mine');
    expect(getReviews).not.toHaveBeenCalledWith('p1', 'newest', 1, null);
  });

  it('says there are no other reviews when the only published one is the customer’s own', async () => {
    act(() => $customer.set(customer));
    vi.mocked(getOwnReview).mockResolvedValue(review({ id: 'mine', title: 'Only mine' }));
    vi.mocked(getReviews).mockResolvedValue({ total: 0, reviews: [] });
    render(<ReviewsPanel product={product} />);
    expect(await screen.findByText('No other reviews yet.')).toBeInTheDocument();
    expect(screen.getAllByText('Only mine')).toHaveLength(1);
    expect(screen.queryByText('No reviews yet. Be the first to share your experience.')).toBeNull();
  });

  it('waits for the session before listing, so the own review never flashes in the list', async () => {
    act(() => {
      $sessionReady.set(false);
    });
    render(<ReviewsPanel product={product} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(getReviews).not.toHaveBeenCalled();
    act(() => $sessionReady.set(true));
    expect(await screen.findByText('newest page 1')).toBeInTheDocument();
    expect(getReviews).toHaveBeenCalledWith('p1', 'newest', 1, null);
  });

  it('deletes the own review after confirming', async () => {
    act(() => $customer.set(customer));
    vi.mocked(getOwnReview).mockResolvedValue(review({ id: 'mine' }));
    vi.mocked(deleteReview).mockResolvedValue();
    render(<ReviewsPanel product={product} />);
    const mine = await screen.findByRole('region', { name: 'Your review' });
    await userEvent.click(within(mine).getByRole('button', { name: 'Delete review' }));
    expect(deleteReview).not.toHaveBeenCalled();
    vi.mocked(getOwnReview).mockResolvedValue(null);
    await userEvent.click(within(mine).getByRole('button', { name: 'Yes, delete it' }));
    expect(deleteReview).toHaveBeenCalledWith('mine');
    expect(await screen.findByRole('button', { name: 'Write a review' })).toBeInTheDocument();
  });
});
