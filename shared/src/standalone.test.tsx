import { act } from 'react';
import { mountStandalone } from './standalone';

describe('mountStandalone', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('mounts the frame and only warns when the runtime configuration cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await act(() => mountStandalone(<p>Standalone frame</p>, 'client'));
    expect(document.getElementById('root')?.textContent).toBe('Standalone frame');
    expect(warn).toHaveBeenCalledWith('Runtime configuration not loaded:', expect.any(Error));
    expect(String(warn.mock.calls[0]?.[1])).toContain('HTTP 404');
  });

  it('refuses a page without #root', async () => {
    document.body.innerHTML = '';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('missing', { status: 404 })),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(mountStandalone(<p>Nowhere</p>, 'config')).rejects.toThrow('#root');
  });
});
