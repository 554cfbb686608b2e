import { loadRuntimeConfig, loadSupabase, startSessionSync } from '@prepper/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from './app/standalone-app';

// Running on its own (pnpm --filter <remote> dev): the remote's pages in a bare frame for its team.
await loadRuntimeConfig();
// As in the shell, the Supabase client is loaded before the remote mounts.
await loadSupabase();
// Created now, as the shell does, so a password-reset link's ?code is exchanged before the pages mount.
startSessionSync();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp />
  </StrictMode>,
);
