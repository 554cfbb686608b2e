import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { stubLoader } from '../../test/fake-loader';
import { RemoteLoaderContext } from './remote-loader-context';
import { RemoteSlot } from './remote-slot';

function Healthy({ variant }: { variant: string }) {
  return <p>{variant} navigation</p>;
}

function Crashing(): never {
  throw new Error('boom');
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a skeleton while loading, then the remote with its props', async () => {
    let resolve: (component: ComponentType<object>) => void = () => undefined;
    const { loader } = stubLoader({
      'catalog/CategoryNav': () => new Promise((done) => (resolve = done)),
    });
    render(
      <RemoteLoaderContext.Provider value={loader}>
        <RemoteSlot remote="catalog" expose="CategoryNav" part="Navigation" props={{ variant: 'mobile' }} />
      </RemoteLoaderContext.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading navigation…');
    resolve(Healthy as ComponentType<object>);
    expect(await screen.findByText('mobile navigation')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the fallback when loading fails, and Retry resets the remote and loads it again', async () => {
    let serverUp = false;
    const { loader } = stubLoader({
      'search/SearchOverlay': async () => {
        if (!serverUp) throw new Error('Failed to fetch http://localhost:3003/mf-manifest.json');
        return (() => <p>search is back</p>) as ComponentType<object>;
      },
    });
    render(
      <div>
        <p>the rest of the shop</p>
        <RemoteLoaderContext.Provider value={loader}>
          <RemoteSlot remote="search" expose="SearchOverlay" part="Search" />
        </RemoteLoaderContext.Provider>
      </div>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is temporarily unavailable.');
    expect(screen.getByText('the rest of the shop')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(loader.reset).toHaveBeenCalledWith('search');
    expect(loader.load).toHaveBeenCalledTimes(2);

    serverUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('search is back')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loader.load).toHaveBeenCalledTimes(3);
  });

  it('keeps a remote that crashes while rendering inside its own slot', async () => {
    const { loader } = stubLoader({ 'cart/CartOverlay': async () => Crashing as ComponentType<object> });
    render(
      <div>
        <p>header still here</p>
        <RemoteLoaderContext.Provider value={loader}>
          <RemoteSlot remote="cart" expose="CartOverlay" part="The cart" />
        </RemoteLoaderContext.Provider>
      </div>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The cart is temporarily unavailable.');
    expect(screen.getByText('header still here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('renders an already loaded remote at once, without a skeleton', () => {
    const { loader } = stubLoader();
    vi.mocked(loader.peek).mockReturnValue(Healthy as ComponentType<unknown>);
    render(
      <RemoteLoaderContext.Provider value={loader}>
        <RemoteSlot remote="catalog" expose="CategoryNav" part="Navigation" props={{ variant: 'desktop' }} />
      </RemoteLoaderContext.Provider>,
    );
    expect(screen.getByText('desktop navigation')).toBeInTheDocument();
    expect(loader.load).not.toHaveBeenCalled();
  });
});

describe('RemoteSlot recovery', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a slot that failed follows by itself once another slot has brought the same remote back', async () => {
    let up = false;
    const { loader } = stubLoader({
      'catalog/CategoryNav': async () => {
        if (!up) throw new Error('down');
        return (() => <p>navigation is back</p>) as ComponentType<object>;
      },
      'catalog/ProductsPage': async () => {
        if (!up) throw new Error('down');
        return (() => <p>products are back</p>) as ComponentType<object>;
      },
    });
    render(
      <RemoteLoaderContext.Provider value={loader}>
        <RemoteSlot
          remote="catalog"
          expose="CategoryNav"
          part="Category navigation"
          props={{ variant: 'desktop' }}
        />
        <RemoteSlot remote="catalog" expose="ProductsPage" part="The catalogue" />
      </RemoteLoaderContext.Provider>,
    );
    expect(await screen.findAllByRole('alert')).toHaveLength(2);

    up = true;
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[1] as HTMLElement);
    expect(await screen.findByText('products are back')).toBeInTheDocument();
    expect(await screen.findByText('navigation is back')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
