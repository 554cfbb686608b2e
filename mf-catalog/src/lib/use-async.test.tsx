import { render, screen } from '@testing-library/react';
import { useAsync } from './use-async';

function Probe({ id, load }: { id: string; load: () => Promise<string> }) {
  const state = useAsync(`probe:${id}`, load);
  return <p>{state.status === 'success' ? state.data : state.status}</p>;
}

const never = () => new Promise<string>(() => undefined);

describe('useAsync', () => {
  it('shows a page seen before at once from memory, then follows the fresh answer', async () => {
    const first = render(<Probe id="1" load={() => Promise.resolve('first answer')} />);
    expect(await screen.findByText('first answer')).toBeInTheDocument();
    first.unmount();

    // Back on the same page: no loading state while the new request is still out.
    const again = render(<Probe id="1" load={never} />);
    expect(screen.getByText('first answer')).toBeInTheDocument();
    again.unmount();

    render(<Probe id="1" load={() => Promise.resolve('fresh answer')} />);
    expect(await screen.findByText('fresh answer')).toBeInTheDocument();
  });

  it('loads a key never seen, and keeps showing the remembered data when a refresh fails', async () => {
    const unseen = render(<Probe id="2" load={never} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    unseen.unmount();

    const loaded = render(<Probe id="3" load={() => Promise.resolve('kept')} />);
    expect(await screen.findByText('kept')).toBeInTheDocument();
    loaded.unmount();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Probe id="3" load={() => Promise.reject(new Error('offline'))} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('kept')).toBeInTheDocument();
  });
});
