import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ShopRoot } from './app/app';
import { ConfigGate } from './app/config-gate';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <ConfigGate>{(config) => <ShopRoot config={config} />}</ConfigGate>
  </StrictMode>,
);
