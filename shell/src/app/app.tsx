import type { RuntimeConfig } from '@prepper/shared';
import { useEffect, useMemo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { RemoteLoaderContext } from '../components/remote/remote-loader-context';
import { endHydration } from '../components/remote/remote-slot';
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
        {texts.backHome}
      </a>
    </main>
  );
}

/**
 * What the router holds: the route table and the one toaster. The browser puts it in a BrowserRouter, the
 * shell's server in a StaticRouter; everything inside is the same on both, so the browser hydrates the
 * server's HTML.
 */
export function ShopContent() {
  return (
    <>
      <SlotErrorBoundary fallback={(error) => <UnexpectedError error={error} />}>
        <AppRoutes />
      </SlotErrorBoundary>
      <DeferredToaster />
    </>
  );
}

/** The composed shop: one router shared with every remote, the route table and the one toaster. */
export function App({ loader }: { loader: RemoteLoader }) {
  return (
    <RemoteLoaderContext.Provider value={loader}>
      <BrowserRouter>
        <ShopContent />
      </BrowserRouter>
    </RemoteLoaderContext.Provider>
  );
}

/**
 * The shop once /config.json is loaded: remotes resolve through Module Federation at runtime. A page the
 * server rendered passes the loader that already loaded the page's remotes, so hydration finds them.
 */
export function ShopRoot({ config, loader: given }: { config: RuntimeConfig; loader?: RemoteLoader }) {
  const loader = useMemo(() => given ?? createFederationLoader(config.remotes), [config, given]);
  // Effects run once the page has hydrated: slots mounted from now on show whatever has loaded.
  useEffect(() => {
    endHydration();
  }, []);
  return <App loader={loader} />;
}
