import { act, fireEvent, render, screen } from '@testing-library/react';
import { Newsletter } from './newsletter';

describe('Newsletter', () => {
  afterEach(() => vi.useRealTimers());

  it('clears the field and thanks the visitor for 3 seconds', () => {
    vi.useFakeTimers();
    render(<Newsletter />);
    const field = screen.getByRole('textbox', { name: 'Email address' });
    expect(field).toBeRequired();
    fireEvent.change(field, { target: { value: 'jamie@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for subscribing!');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('status')).toHaveTextContent('Thank you for subscribing!');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
