import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearQueryCache } from '../../../lib/query';
import { subscribeToNewsletter } from '../api/subscribe-to-newsletter';
import { Newsletter } from './newsletter';

// The database call is the seam (the integration and browser tests use the real stack).
vi.mock('../api/subscribe-to-newsletter', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    subscribeToNewsletter: vi.fn(),
  }),
);

beforeEach(() => {
  clearQueryCache();
  vi.mocked(subscribeToNewsletter).mockReset().mockResolvedValue(undefined);
});

describe('Newsletter', () => {
  it('checks the address first, then clears the field, thanks the visitor and asks to confirm', async () => {
    const user = userEvent.setup();
    render(<Newsletter />);
    const field = screen.getByRole('textbox', { name: 'Email address' });
    expect(field).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter your e-mail address')).toBeInTheDocument();
    await user.type(field, 'jamie@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(subscribeToNewsletter).not.toHaveBeenCalled();

    await user.type(field, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(subscribeToNewsletter).toHaveBeenCalledWith('jamie@example.com');
    expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thank you for subscribing! Please confirm with the link we sent to jamie@example.com: we send nothing until you do.',
    );
  });

  it("shows the database's refusal and keeps what was typed", async () => {
    vi.mocked(subscribeToNewsletter).mockRejectedValue(
      new Error('Too many sign-ups. Please try again later.'),
    );
    const user = userEvent.setup();
    render(<Newsletter />);
    const field = screen.getByRole('textbox', { name: 'Email address' });
    await user.type(field, 'jamie@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Too many sign-ups. Please try again later.')).toBeInTheDocument();
    expect(field).toHaveValue('jamie@example.com');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
