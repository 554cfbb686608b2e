import { loadRuntimeConfig } from '@prepper/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from './app/standalone-app';
import './standalone.css';

// Running on its own (pnpm --filter <remote> dev): the remote's pages in a bare frame for its team.
await loadRuntimeConfig();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneApp />
  </StrictMode>,
);
