import { $customer, $sessionReady, type Product } from '@prepper/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Query } from '@prepper/shared/query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { clearQueryCache } from '../../../lib/query';
import { claimHold, signInAsGuest } from '../api/claim-hold';
import { getMyHold } from '../api/get-my-hold';
import { getWaitlistStatus } from '../api/get-waitlist-status';
import { setWaitlistSubscription } from '../api/set-waitlist-subscription';
import { subscribeEmailToWaitlist } from '../api/subscribe-email-to-waitlist';
import { NotifyMe } from './notify-me';

vi.mock('../api/get-waitlist-status', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getWaitlistStatus: vi.fn(),
  }),
);
vi.mock('../api/get-my-hold', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getMyHold: vi.fn(),
  }),
);
vi.mock('../api/claim-hold', () => ({ claimHold: vi.fn(), signInAsGuest: vi.fn() }));
vi.mock('../api/set-waitlist-subscription', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    setWaitlistSubscription: vi.fn(),
  }),
);
vi.mock('../api/subscribe-email-to-waitlist', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    subscribeEmailToWaitlist: vi.fn(),
  }),
);

const product = { id: 'p1', name: 'Hand Crank Radio', inStock: false, stockCount: 0 } as Product;
const mutate = vi.fn();
/** The page's product query: only its store's mutate is used. */
const productQuery = { store: () => ({ mutate }) } as unknown as Query<[id: string], Product | null>;

/** The page's module under the router (it reads the page's query: a holding e-mail's ?hold=). */
function show(ui: ReactElement, url = '/product/hand-crank-radio-p1') {
  return render(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>);
}

beforeEach(() => {
  clearQueryCache();
  vi.mocked(subscribeEmailToWaitlist).mockReset().mockResolvedValue(undefined);
  vi.mocked(setWaitlistSubscription)
    .mockReset()
    .mockImplementation((_id, waiting) => Promise.resolve(waiting));
  vi.mocked(getWaitlistStatus).mockReset().mockResolvedValue(false);
  vi.mocked(getMyHold).mockReset().mockResolvedValue(null);
  vi.mocked(claimHold).mockReset().mockResolvedValue(true);
  vi.mocked(signInAsGuest).mockReset().mockResolvedValue(undefined);
  mutate.mockReset();
  $sessionReady.set(true);
  $customer.set(null);
});

describe('NotifyMe for a visitor', () => {
  it('checks the address before asking the database, then says to confirm from the e-mail', async () => {
    const user = userEvent.setup();
    show(<NotifyMe product={product} productQuery={productQuery} />);
    const notify = screen.getByRole('button', { name: "Notify me when it's back" });
    await user.click(notify);
    expect(screen.getByText('Please enter your e-mail address')).toBeInTheDocument();
    const field = screen.getByLabelText('Your e-mail address');
    await user.type(field, 'nope');
    await user.click(notify);
    expect(field).toHaveAccessibleDescription('Please enter a valid e-mail address');
    expect(subscribeEmailToWaitlist).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, ' sam@example.com ');
    await user.click(notify);
    expect(subscribeEmailToWaitlist).toHaveBeenCalledWith('p1', 'sam@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'we sent a confirmation link to sam@example.com',
    );
  });

  it('shows the database’s refusal and keeps the address', async () => {
    vi.mocked(subscribeEmailToWaitlist).mockRejectedValue(new Error('This product is in stock'));
    const user = userEvent.setup();
    show(<NotifyMe product={product} productQuery={productQuery} />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    expect(await screen.findByText('This product is in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveValue('sam@example.com');
  });
});

describe('NotifyMe for a signed-in customer', () => {
  it('subscribes with one click and cancels', async () => {
    $customer.set({ id: 'u1', email: 'jamie@example.com', firstName: 'Jamie', lastName: 'Doe' });
    const user = userEvent.setup();
    show(<NotifyMe product={product} productQuery={productQuery} />);
    await user.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    expect(setWaitlistSubscription).toHaveBeenCalledWith('p1', true);
    expect(
      await screen.findByText('You will be notified by e-mail when it is back in stock.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel notification' }));
    expect(setWaitlistSubscription).toHaveBeenLastCalledWith('p1', false);
    expect(await screen.findByText('You will not be notified about this product.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your e-mail address')).toBeNull();
  });

  it('shows the stored subscription', async () => {
    $customer.set({ id: 'u1', email: 'jamie@example.com', firstName: 'Jamie', lastName: 'Doe' });
    vi.mocked(getWaitlistStatus).mockResolvedValue(true);
    show(<NotifyMe product={product} productQuery={productQuery} />);
    expect(await screen.findByRole('button', { name: 'Cancel notification' })).toBeInTheDocument();
  });
});

describe('NotifyMe with units held for the waitlist (emergency mode)', () => {
  const allHeld = { ...product, held: 1 } as Product;
  const jamie = { id: 'u1', email: 'jamie@example.com', firstName: 'Jamie', lastName: 'Doe' };
  const hold = { quantity: 1, expiresAt: '2026-11-29T09:30:00Z' };

  it("puts the holder's own unit back into the page's product, so its Add to Cart sells it", async () => {
    $customer.set(jamie);
    vi.mocked(getMyHold).mockResolvedValue(hold);
    show(<NotifyMe product={allHeld} productQuery={productQuery} />);
    expect(
      await screen.findByText('We are holding one for you until Nov 29, 2026, 9:30 AM UTC.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(mutate).toHaveBeenCalledWith({ ...allHeld, inStock: true, stockCount: 1, ownHeld: 1 }),
    );
    expect(getMyHold).toHaveBeenCalledWith('p1', 'u1');
    expect(screen.queryByRole('region', { name: 'Back-in-stock alert' })).toBeNull();
  });

  it("does not touch another shopper's page: the product stays reserved", async () => {
    $customer.set(jamie);
    show(<NotifyMe product={allHeld} productQuery={productQuery} />);
    expect(await screen.findByText('Reserved for customers on the waitlist')).toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
  });

  it("claims the hold of the e-mail's link for the signed-in shopper, then says it is theirs", async () => {
    $customer.set(jamie);
    vi.mocked(getMyHold).mockResolvedValueOnce(null).mockResolvedValue(hold);
    show(
      <NotifyMe product={allHeld} productQuery={productQuery} />,
      '/product/hand-crank-radio-p1?hold=t0ken',
    );
    expect(await screen.findByText(/We are holding one for you until/)).toBeInTheDocument();
    expect(claimHold).toHaveBeenCalledWith('t0ken');
  });

  it('asks someone signed out to sign in or continue as a guest, then claims it', async () => {
    const user = userEvent.setup();
    show(
      <NotifyMe product={allHeld} productQuery={productQuery} />,
      '/product/hand-crank-radio-p1?hold=t0ken',
    );
    expect(
      screen.getByText('We are holding one for you. Sign in, or continue as a guest, to buy it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(signInAsGuest).toHaveBeenCalled();
    expect(claimHold).not.toHaveBeenCalled();
  });

  it('says so when the hold of the link has ended', async () => {
    $customer.set(jamie);
    vi.mocked(claimHold).mockResolvedValue(false);
    show(
      <NotifyMe product={allHeld} productQuery={productQuery} />,
      '/product/hand-crank-radio-p1?hold=t0ken',
    );
    expect(
      await screen.findByText(
        'The unit we held for you is no longer held: its time ran out or it was bought.',
      ),
    ).toBeInTheDocument();
  });
});
