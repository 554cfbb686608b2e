import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ScrollToTop } from './scroll-to-top';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <ScrollToTop /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the page the visitor arrived on where they scrolled it (hydration must not jump to the top)', () => {
    renderAt('/products');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('brings each new path in at its top, and not a change of the query alone', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/products'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    await act(() => router.navigate('/products?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/category/lighting'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
