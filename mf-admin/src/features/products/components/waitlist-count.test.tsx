import { render, screen } from '@testing-library/react';
import { getWaitlistCounts } from '../api/get-waitlist-counts';
import { ProductWaitlistCount, WaitingBadge } from './waitlist-count';

vi.mock('../api/get-waitlist-counts', () => ({ getWaitlistCounts: vi.fn() }));

describe('WaitingBadge', () => {
  it('counts the waiting customers, and shows nothing when nobody waits', () => {
    const { container, rerender } = render(<WaitingBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<WaitingBadge count={3} />);
    expect(screen.getByText('3 waiting')).toHaveAttribute(
      'title',
      '3 customers wait for a back-in-stock e-mail',
    );
  });
});

describe('ProductWaitlistCount', () => {
  it("says how many wait for this product's e-mail", async () => {
    vi.mocked(getWaitlistCounts).mockResolvedValue({ p1: 1 });
    render(<ProductWaitlistCount productId="p1" />);
    expect(await screen.findByText(/^1 customer is waiting for a back-in-stock e-mail/)).toBeInTheDocument();
    expect(getWaitlistCounts).toHaveBeenCalledWith(['p1']);
  });

  it('says nobody waits when the product has no subscribers', async () => {
    vi.mocked(getWaitlistCounts).mockResolvedValue({});
    render(<ProductWaitlistCount productId="p2" />);
    expect(await screen.findByText('Nobody is waiting for a back-in-stock e-mail.')).toBeInTheDocument();
  });
});
