import { $customer, $sessionReady, type Product } from '@prepper/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearQueryCache } from '../../../lib/query';
import { getWaitlistStatus } from '../api/get-waitlist-status';
import { setWaitlistSubscription } from '../api/set-waitlist-subscription';
import { subscribeEmailToWaitlist } from '../api/subscribe-email-to-waitlist';
import { NotifyMe } from './notify-me';

vi.mock('../api/get-waitlist-status', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getWaitlistStatus: vi.fn(),
  }),
);
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

beforeEach(() => {
  clearQueryCache();
  vi.mocked(subscribeEmailToWaitlist).mockReset().mockResolvedValue(undefined);
  vi.mocked(setWaitlistSubscription)
    .mockReset()
    .mockImplementation((_id, waiting) => Promise.resolve(waiting));
  vi.mocked(getWaitlistStatus).mockReset().mockResolvedValue(false);
  $sessionReady.set(true);
  $customer.set(null);
});

describe('NotifyMe for a visitor', () => {
  it('checks the address before asking the database, then says to confirm from the e-mail', async () => {
    const user = userEvent.setup();
    render(<NotifyMe product={product} />);
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
    render(<NotifyMe product={product} />);
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
    render(<NotifyMe product={product} />);
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
    render(<NotifyMe product={product} />);
    expect(await screen.findByRole('button', { name: 'Cancel notification' })).toBeInTheDocument();
  });
});
