import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $overlays, closeOverlay, openOverlay } from '@prepper/shared';
import type { ComponentType } from 'react';
import { $overlayWanted } from '../lib/overlay-intent';
import { stubLoader } from '../test/fake-loader';
import { OverlaySlots } from './overlay-slots';
import { RemoteLoaderContext } from './remote/remote-loader-context';

describe('OverlaySlots', () => {
  beforeEach(() => {
    (['cart', 'auth', 'search'] as const).forEach(closeOverlay);
    $overlayWanted.set({ cart: false, auth: false, search: false });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('loads no overlay code before an overlay is wanted, then only that one', async () => {
    const { loader, calls } = stubLoader();
    render(
      <RemoteLoaderContext.Provider value={loader}>
        <OverlaySlots />
      </RemoteLoaderContext.Provider>,
    );
    expect(calls).toEqual([]);
    act(() => openOverlay('cart'));
    expect(await screen.findByText('cart/CartOverlay')).toBeInTheDocument();
    expect(calls).toEqual(['cart/CartOverlay']);
    expect(screen.getByText('cart/CartOverlay').closest('[data-mf]')).toHaveAttribute('data-mf', 'cart');
  });

  it('shows the fallback in a dialog when the remote is down, and Retry loads it once it is back', async () => {
    let up = false;
    const { loader } = stubLoader({
      'search/SearchOverlay': async () => {
        if (!up) throw new Error('Failed to fetch');
        return (() => <p>search overlay</p>) as ComponentType<object>;
      },
    });
    render(
      <RemoteLoaderContext.Provider value={loader}>
        <OverlaySlots />
      </RemoteLoaderContext.Provider>,
    );
    act(() => openOverlay('search'));
    expect(await screen.findByText('Search is temporarily unavailable.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect($overlays.get().search).toBe(false);
    expect(screen.queryByText('Search is temporarily unavailable.')).not.toBeInTheDocument();

    act(() => openOverlay('search'));
    up = true;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('search overlay')).toBeInTheDocument();
    expect(loader.reset).toHaveBeenCalledWith('search');
  });
});
