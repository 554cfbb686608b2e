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
import { searchReviewProducts } from '../../features/reviews/api/search-review-products';
import { ReviewsPage } from './reviews-page';

// The backend boundary: the api modules (the page, dialog and list components are real).
vi.mock('../../features/reviews/api/get-admin-reviews', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getAdminReviews: vi.fn(),
  }),
);
vi.mock('../../features/reviews/api/search-review-products', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    searchReviewProducts: vi.fn(async (search: string) =>
      [
        { id: 'p1', name: 'Storm Lantern', sku: 'RS-000001' },
        { id: 'p2', name: 'Hand Crank Radio', sku: 'RS-000002' },
        { id: 'p3', name: 'Radio Batteries', sku: 'RS-000003' },
      ].filter((product) => product.name.toLowerCase().includes(search.toLowerCase())),
    ),
    getReviewProduct: vi.fn(async (id: string) =>
      id === 'p1' ? { id: 'p1', name: 'Storm Lantern', sku: 'RS-000001' } : null,
    ),
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
    // The product filter is a search: type, move down the matches, Enter picks one.
    const product = screen.getByRole('combobox', { name: 'Product' });
    await user.type(product, 'radio');
    const list = screen.getByRole('listbox', { name: 'Product' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Hand Crank RadioRS-000002', 'Radio BatteriesRS-000003']),
    );
    expect(searchReviewProducts).toHaveBeenLastCalledWith('radio');
    expect(screen.getByText('2 reviewed products found')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = within(list).getByRole('option', { name: /Hand Crank Radio/ });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(product).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    expect(product).toHaveValue('Hand Crank Radio');
    expect(product).toHaveAttribute('aria-expanded', 'false');
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

  it('opens on the product of the address, and Escape or the clear button leave the filter as it should', async () => {
    const user = userEvent.setup();
    renderPage(productsAdmin, '/admin/reviews?product=p1');
    const product = screen.getByRole('combobox', { name: 'Product' });
    await waitFor(() => expect(product).toHaveValue('Storm Lantern'));
    expect(getAdminReviews).toHaveBeenLastCalledWith({
      status: 'pending',
      productId: 'p1',
      rating: null,
      page: 1,
    });
    // Typing something else and then Escape: the list closes and the chosen product stays.
    await user.clear(product);
    await user.type(product, 'nothing like it');
    expect(await screen.findByText('No reviewed product matches')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(product).toHaveValue('Storm Lantern');
    expect(product).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('location')).toHaveTextContent('?product=p1');
    // Show all products again.
    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^$/);
    expect(product).toHaveValue('');
    await waitFor(() =>
      expect(getAdminReviews).toHaveBeenLastCalledWith({
        status: 'pending',
        productId: '',
        rating: null,
        page: 1,
      }),
    );
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
