import type { RuntimeConfig } from '@prepper/shared';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { RemoteLoaderContext } from '../components/remote/remote-loader-context';
import { Toaster } from '../components/toaster';
import { createFederationLoader, type RemoteLoader } from '../lib/remote-registry';
import { AppRoutes } from './routes';

/** The composed shop: one router shared with every remote, the route table and the one toaster. */
export function App({ loader }: { loader: RemoteLoader }) {
  return (
    <RemoteLoaderContext.Provider value={loader}>
      <BrowserRouter>
        <AppRoutes />
        <Toaster />
      </BrowserRouter>
    </RemoteLoaderContext.Provider>
  );
}

/** The shop once /config.json is loaded: remotes resolve through Module Federation at runtime. */
export function ShopRoot({ config }: { config: RuntimeConfig }) {
  const loader = useMemo(() => createFederationLoader(config.remotes), [config]);
  return <App loader={loader} />;
}
