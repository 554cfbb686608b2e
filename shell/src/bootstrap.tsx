import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import { loadRuntimeConfig } from '@prepper/shared';
import { StrictMode, Suspense, lazy, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

const config = await loadRuntimeConfig();
registerRemotes(
  Object.entries(config.remotes).map(([name, entry]) => ({ name, entry })),
);

const Cart = lazy(async () => {
  const mod = await loadRemote<{ default: ComponentType }>('cart/CartOverlay');
  if (!mod) throw new Error('cart failed');
  return mod;
});
const Home = lazy(async () => {
  const mod = await loadRemote<{ default: ComponentType }>('catalog/HomePage');
  if (!mod) throw new Error('catalog failed');
  return mod;
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1 className="text-2xl font-bold text-orange-600">Shell</h1>
    <Suspense fallback={<p>loading</p>}>
      <Home />
      <Cart />
    </Suspense>
  </StrictMode>,
);
