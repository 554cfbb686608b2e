import { loadSupabase } from '@prepper/shared';
import { createFederationLoader, RemoteUnavailableError } from './remote-registry';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
vi.mock('@prepper/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@prepper/shared')>()),
  loadSupabase: vi.fn(),
}));

const remotes = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  admin: 'http://localhost:3005/mf-manifest.json',
};

describe('createFederationLoader', () => {
  beforeEach(() => {
    runtime.registerRemotes.mockReset();
    runtime.loadRemote.mockReset();
    vi.mocked(loadSupabase).mockReset();
    vi.mocked(loadSupabase).mockResolvedValue({} as Awaited<ReturnType<typeof loadSupabase>>);
  });

  it('loads the Supabase client before any remote but the catalogue, whose reads are anonymous', async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    const loader = createFederationLoader(remotes);
    await loader.load('catalog', 'HomePage');
    expect(loadSupabase).not.toHaveBeenCalled();

    await loader.load('admin', 'AdminApp');
    expect(loadSupabase).toHaveBeenCalledTimes(1);
  });

  it('reports a remote as unavailable when the Supabase client it needs cannot load', async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    vi.mocked(loadSupabase).mockRejectedValue(new Error('supabase chunk failed'));
    const loader = createFederationLoader(remotes);
    await expect(loader.load('admin', 'AdminApp')).rejects.toThrow('supabase chunk failed');
    expect(loader.peek('admin', 'AdminApp')).toBeUndefined();
  });

  it('registers a remote only when one of its exposes is first asked for', async () => {
    const Home = () => null;
    runtime.loadRemote.mockResolvedValue({ default: Home });
    const loader = createFederationLoader(remotes);
    const heard = vi.fn();
    loader.subscribe('catalog', heard);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();

    await expect(loader.load('catalog', 'HomePage')).resolves.toBe(Home);
    await loader.load('catalog', 'ProductsPage');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'catalog', entry: remotes.catalog }], {
      force: false,
    });
    expect(runtime.loadRemote).toHaveBeenCalledWith('catalog/HomePage');
    expect(loader.peek('catalog', 'HomePage')).toBe(Home);
    expect(loader.peek('admin', 'AdminApp')).toBeUndefined();
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('turns a failed load into RemoteUnavailableError naming the remote and the cause', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('Failed to fetch'));
    const loader = createFederationLoader(remotes);

    const failure = await loader.load('admin', 'AdminApp').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteUnavailableError);
    expect((failure as RemoteUnavailableError).remote).toBe('admin');
    expect((failure as Error).message).toContain('Failed to fetch');
  });

  it('re-registers a remote with force on reset, so the next load fetches it again', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce({ default: () => null });
    const loader = createFederationLoader(remotes);
    await expect(loader.load('catalog', 'HomePage')).rejects.toThrow('down');

    loader.reset('catalog');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'catalog', entry: remotes.catalog }], {
      force: true,
    });
    await expect(loader.load('catalog', 'HomePage')).resolves.toBeTypeOf('function');
  });

  it('refuses a remote the configuration does not list', async () => {
    const loader = createFederationLoader({});
    await expect(loader.load('cart', 'CartOverlay')).rejects.toThrow(
      'No manifest URL configured for remote "cart"',
    );
  });
});
