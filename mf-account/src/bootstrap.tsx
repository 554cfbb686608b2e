import { loadRuntimeConfig, loadSupabase } from '@prepper/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from './app/standalone-app';

// Running on its own (pnpm --filter <remote> dev): the remote's pages in a bare frame for its team.
// As in the shell, the Supabase client is loaded before the remote mounts.
await loadRuntimeConfig()
  .then(loadSupabase)
  .catch((error: unknown) => console.warn('Runtime configuration not loaded:', error));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp />
  </StrictMode>,
);
