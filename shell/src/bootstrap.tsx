import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ShopRoot } from './app/app';
import { ConfigGate } from './app/config-gate';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// As a transition, React renders the first page in slices and lets the browser in between, so no single
// long task keeps a phone's main thread busy (total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <ConfigGate>{(config) => <ShopRoot config={config} />}</ConfigGate>
    </StrictMode>,
  );
});
