import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
// Through the package's own name, so a remote's frame uses the one federated copy of the bus and client.
import { loadRuntimeConfig, loadSupabase, startSessionSync } from '@prepper/shared';

/**
 * What a remote running on its own needs before it mounts, as the shell would have done it:
 * `config` the runtime configuration only, `client` also the Supabase client, `session` also the session sync
 * (so a password-reset link's `?code` is exchanged before the pages mount).
 */
export type StandaloneNeeds = 'config' | 'client' | 'session';

/**
 * Mounts a remote's standalone frame (`pnpm --filter <remote> dev`) into `#root`. A missing configuration or
 * backend only warns: the pages then show their own error states, as they would inside the shell.
 */
export async function mountStandalone(app: ReactNode, needs: StandaloneNeeds): Promise<void> {
  try {
    await loadRuntimeConfig();
    if (needs !== 'config') await loadSupabase();
    if (needs === 'session') startSessionSync();
  } catch (error) {
    console.warn('Runtime configuration not loaded:', error);
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('The standalone page has no #root element');
  createRoot(root).render(<StrictMode>{app}</StrictMode>);
}
