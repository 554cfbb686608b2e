import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('announces the failure and asks again on Retry', () => {
    const onRetry = vi.fn();
    render(<LoadFailed message="The messages could not be loaded." retryLabel="Retry" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The messages could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
