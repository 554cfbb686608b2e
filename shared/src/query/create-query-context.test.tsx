import { act, render, screen } from '@testing-library/react';
import { createQueryContext, FAILURE_KEPT_MS, STALE_TIME_MS } from './create-query-context';

function setup() {
  const { defineQuery } = createQueryContext('test');
  const fetcher = vi.fn((id: string) => Promise.resolve(`answer ${id}`));
  const query = defineQuery('probe', fetcher);
  function Probe({ id }: { id: string | null }) {
    const state = query.use(id === null ? null : [id]);
    return (
      <p>
        {state.status}: {String(state.data ?? '')}
      </p>
    );
  }
  return { fetcher, query, Probe };
}

describe('createQueryContext', () => {
  afterEach(() => vi.useRealTimers());

  it('keys a query by its name and arguments (the library key parts)', () => {
    const { query } = setup();
    expect(query.key('a')).toEqual(['probe:', '["a"]']);
  });

  it('loads, then shows a page seen again from the cache on its first render without asking again', async () => {
    const { fetcher, Probe } = setup();
    const first = render(<Probe id="1" />);
    expect(screen.getByText('loading:')).toBeInTheDocument();
    expect(await screen.findByText('success: answer 1')).toBeInTheDocument();
    first.unmount();

    render(<Probe id="1" />);
    // No loading state, not even for one render, and no second request.
    expect(screen.getByText('success: answer 1')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks again once the data is older than the fresh time, showing the old data meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { fetcher, Probe } = setup();
    const first = render(<Probe id="1" />);
    expect(await screen.findByText('success: answer 1')).toBeInTheDocument();
    first.unmount();

    vi.setSystemTime(Date.now() + STALE_TIME_MS + 1);
    fetcher.mockReturnValueOnce(Promise.resolve('fresher'));
    render(<Probe id="1" />);
    expect(screen.getByText('success: answer 1')).toBeInTheDocument();
    expect(await screen.findByText('success: fresher')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('waits while the arguments are null, and keeps the last data while another key loads', async () => {
    const { fetcher, Probe } = setup();
    const view = render(<Probe id={null} />);
    expect(screen.getByText('loading:')).toBeInTheDocument();
    expect(fetcher).not.toHaveBeenCalled();

    view.rerender(<Probe id="1" />);
    expect(await screen.findByText('success: answer 1')).toBeInTheDocument();
    fetcher.mockReturnValueOnce(new Promise(() => undefined));
    view.rerender(<Probe id="2" />);
    expect(screen.getByText('loading: answer 1')).toBeInTheDocument();
  });

  it('reports a failure, and keeps it only briefly: a later visit asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { fetcher, Probe } = setup();
    fetcher.mockReturnValueOnce(Promise.reject(new Error('offline')));
    const failed = render(<Probe id="1" />);
    expect(await screen.findByText('error:')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('[test] a request failed', expect.any(Error));
    failed.unmount();

    vi.setSystemTime(Date.now() + FAILURE_KEPT_MS + 1);
    render(<Probe id="1" />);
    expect(await screen.findByText('success: answer 1')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('invalidate fetches a shown page again and drops the cached data of the others', async () => {
    const { fetcher, query, Probe } = setup();
    const other = render(<Probe id="2" />);
    expect(await screen.findByText('success: answer 2')).toBeInTheDocument();
    other.unmount();
    render(<Probe id="1" />);
    expect(await screen.findByText('success: answer 1')).toBeInTheDocument();

    fetcher.mockReturnValueOnce(Promise.resolve('edited'));
    act(() => query.invalidate());
    expect(await screen.findByText('success: edited')).toBeInTheDocument();
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(fetcher).toHaveBeenLastCalledWith('1');

    // Key 2 was dropped too: its next visit loads again.
    fetcher.mockClear();
    render(<Probe id="2" />);
    await act(() => Promise.resolve());
    expect(fetcher).toHaveBeenCalledWith('2');
  });
});
