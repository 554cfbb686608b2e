import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RuntimeConfig } from '@prepper/shared';
import { ConfigGate } from './config-gate';

vi.mock('@prepper/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@prepper/shared')>()),
  startSessionSync: vi.fn(),
}));

const config: RuntimeConfig = {
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: 'anon',
  remotes: { catalog: 'http://localhost:3001/mf-manifest.json' },
};

describe('ConfigGate', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('shows a friendly full-page error with Retry when /config.json fails, and starts once it loads', async () => {
    const load = vi
      .fn<() => Promise<RuntimeConfig>>()
      .mockRejectedValueOnce(new Error('Could not load /config.json (HTTP 502)'))
      .mockResolvedValueOnce(config);
    render(<ConfigGate load={load}>{(loaded) => <p>shop with {loaded.remotes.catalog}</p>}</ConfigGate>);

    expect(await screen.findByRole('heading', { name: 'ReadyStock could not start' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('shop with http://localhost:3001/mf-manifest.json')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    const { startSessionSync } = await import('@prepper/shared');
    expect(startSessionSync).toHaveBeenCalled();
  });
});
