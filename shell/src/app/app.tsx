import type { RuntimeConfig } from '@prepper/shared';
import { useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { RemoteLoaderContext } from '../components/remote/remote-loader-context';
import { SlotErrorBoundary } from '../components/remote/slot-error-boundary';
import { DeferredToaster } from '../components/deferred-toaster';
import { createFederationLoader, type RemoteLoader } from '../lib/remote-registry';
import { texts } from '../texts';
import { AppRoutes } from './routes';

/** The router's default error view: the last line of defence outside every slot. */
function UnexpectedError({ error }: { error: Error }) {
  return (
    <main role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{texts.unexpectedError}</h1>
      <p className="mt-3 text-slate-600">{error.message}</p>
      <a href="/" className="mt-6 inline-block font-semibold text-orange-700 underline">
        {texts.notFound.home}
      </a>
    </main>
  );
}

/** The composed shop: one router shared with every remote, the route table and the one toaster. */
export function App({ loader }: { loader: RemoteLoader }) {
  return (
    <RemoteLoaderContext.Provider value={loader}>
      <BrowserRouter>
        <SlotErrorBoundary fallback={(error) => <UnexpectedError error={error} />}>
          <AppRoutes />
        </SlotErrorBoundary>
        <DeferredToaster />
      </BrowserRouter>
    </RemoteLoaderContext.Provider>
  );
}

/** The shop once /config.json is loaded: remotes resolve through Module Federation at runtime. */
export function ShopRoot({ config }: { config: RuntimeConfig }) {
  const loader = useMemo(() => createFederationLoader(config.remotes), [config]);
  return <App loader={loader} />;
}
