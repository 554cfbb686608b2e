import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $toasts, toast } from '@prepper/shared';
import { Toaster } from './toaster';

describe('Toaster', () => {
  beforeEach(() => {
    $toasts.get().forEach((item) => toast.dismiss(item.id));
  });

  it('shows toasts from any part as accessible live messages, errors as alerts', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    act(() => {
      toast.success('Signed in successfully');
      toast.error('Failed to fetch products');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Signed in successfully');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch products');
  });

  it('dismisses a toast with its button', async () => {
    render(<Toaster />);
    act(() => {
      toast.loading('Saving…');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saving…')).not.toBeInTheDocument();
  });

  it('removes a success toast after 2 seconds', () => {
    vi.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => {
        toast.success('Link copied to clipboard!');
      });
      expect(screen.getByText('Link copied to clipboard!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2001));
      expect(screen.queryByText('Link copied to clipboard!')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
