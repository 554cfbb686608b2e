import { $toasts } from '@prepper/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentAdminProvider, type CurrentAdmin } from '../../lib/current-admin';
import type { AdminReview } from '../../features/reviews/api/admin-review';
import { approveReviews } from '../../features/reviews/api/approve-reviews';
import { getAdminReviews } from '../../features/reviews/api/get-admin-reviews';
import { rejectReviews } from '../../features/reviews/api/reject-reviews';
import { ReviewsPage } from './reviews-page';

// The backend boundary: the api modules (the page, dialog and list components are real).
vi.mock('../../features/reviews/api/get-admin-reviews', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getAdminReviews: vi.fn(),
  }),
);
vi.mock('../../features/reviews/api/get-review-product-options', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getReviewProductOptions: vi.fn(async () => [
      { id: 'p1', name: 'Storm Lantern' },
      { id: 'p2', name: 'Hand Crank Radio' },
    ]),
  }),
);
vi.mock('../../features/reviews/api/approve-reviews', () => ({ approveReviews: vi.fn(async () => {}) }));
vi.mock('../../features/reviews/api/reject-reviews', () => ({ rejectReviews: vi.fn(async () => {}) }));

function review(id: string, title: string): AdminReview {
  return {
    id,
    productId: 'p1',
    productName: 'Storm Lantern',
    authorName: 'Robin V.',
    rating: 4,
    title,
    body: 'Bright and sturdy.',
    status: 'pending',
    rejectionReason: null,
    verified: true,
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
  };
}

const productsAdmin: CurrentAdmin = {
  id: 'a1',
  userId: 'u1',
  email: 'p@example.com',
  role: 'admin',
  permissions: ['products'],
};

function LocationSpy() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(admin: CurrentAdmin = productsAdmin, path = '/admin/reviews') {
  return render(
    <CurrentAdminProvider admin={admin}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/reviews" element={<ReviewsPage />} />
        </Routes>
        <LocationSpy />
      </MemoryRouter>
    </CurrentAdminProvider>,
  );
}

const messages = () => $toasts.get().map((toast) => toast.message);

describe('ReviewsPage', () => {
  beforeEach(() => {
    $toasts.set([]);
    vi.mocked(getAdminReviews).mockReset();
    vi.mocked(getAdminReviews).mockResolvedValue({
      reviews: [review('r1', 'Great lantern'), review('r2', '<b>Bold</b> claim')],
      total: 2,
    });
    vi.mocked(approveReviews).mockClear();
    vi.mocked(rejectReviews).mockClear();
  });

  it('lists the pending queue and filters by status, product and rating in the address', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByText('Great lantern');
    expect(getAdminReviews).toHaveBeenLastCalledWith({
      status: 'pending',
      productId: '',
      rating: null,
      page: 1,
    });
    // Markup in a review is text.
    expect(screen.getAllByText('<b>Bold</b> claim').length).toBeGreaterThan(0);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Product' }), 'Hand Crank Radio');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating' }), '2 stars');
    await waitFor(() =>
      expect(getAdminReviews).toHaveBeenLastCalledWith({
        status: 'rejected',
        productId: 'p2',
        rating: 2,
        page: 1,
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('?status=rejected&product=p2&rating=2');
  });

  it('approves one review', async () => {
    const user = userEvent.setup();
    renderPage();
    const [button] = await screen.findAllByRole('button', { name: 'Approve review “Great lantern”' });
    await user.click(button!);
    expect(approveReviews).toHaveBeenCalledWith(['r1']);
    await waitFor(() => expect(messages()).toContain('Review approved'));
  });

  it('rejects the selected reviews with a reason asked for in a dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByText('Great lantern');
    expect(screen.getByRole('button', { name: 'Reject selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all reviews on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 reviews' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason for rejecting');
    expect(rejectReviews).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Reason'), 'Not about the product');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(rejectReviews).toHaveBeenCalledWith(['r1', 'r2'], 'Not about the product');
    await waitFor(() => expect(messages()).toContain('2 reviews rejected'));
  });

  it('approves the selected reviews in bulk', async () => {
    const user = userEvent.setup();
    renderPage();
    const [second] = await screen.findAllByRole('checkbox', { name: 'Select review “<b>Bold</b> claim”' });
    await user.click(second!);
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(approveReviews).toHaveBeenCalledWith(['r2']);
  });

  it('says that moderation needs the products permission and loads nothing without it', async () => {
    renderPage({ ...productsAdmin, permissions: ['orders'] });
    expect(screen.getByRole('alert')).toHaveTextContent('Moderating reviews needs the products permission.');
    expect(getAdminReviews).not.toHaveBeenCalled();
  });
});
