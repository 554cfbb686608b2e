import { APPS, remotePages, type RemotePage } from '@prepper/shared';
import { Spinner } from '@prepper/shared/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { MountedSlot, SlotSkeleton } from '../components/remote/remote-slot';
import { texts } from '../texts';
import { StorefrontLayout } from './storefront-layout';

const NotFoundPage = lazy(() => import('../pages/not-found-page'));

/**
 * The pages the remotes serve, from the app registry (`@prepper/shared`'s APPS): their paths are the
 * route patterns of `shared/src/routes.ts`. Storefront pages sit in the shop's layout; a 'full' page
 * (everything under /admin) is the remote's alone and loads only when such a route renders.
 */
export const storefrontRoutes: readonly RemotePage[] = remotePages().filter(
  (page) => page.frame === 'storefront',
);
export const fullPageRoutes: readonly RemotePage[] = remotePages().filter((page) => page.frame === 'full');

function FullPage({ page }: { page: RemotePage }) {
  const part = APPS[page.remote].label;
  return (
    <div className="min-h-dvh bg-slate-50">
      <MountedSlot
        remote={page.remote}
        expose={page.expose}
        part={part}
        loading={<Spinner label={texts.slots.loading(part)} className="min-h-dvh" />}
        renderError={({ part, retry }) => (
          <div className="mx-auto max-w-xl px-4 py-20">
            <SlotErrorFullPage part={part} retry={retry} />
          </div>
        )}
      />
    </div>
  );
}

function SlotErrorFullPage({ part, retry }: { part: string; retry: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-white p-8 text-center shadow">
      <p className="text-lg text-slate-800">{texts.slots.unavailable(part)}</p>
      <button
        type="button"
        onClick={retry}
        className="mt-4 rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700"
      >
        {texts.slots.retry}
      </button>
    </div>
  );
}

/** The shop's route table, in one place: storefront pages in the shared layout, admin full page. */
export function AppRoutes() {
  return (
    <Routes>
      {fullPageRoutes.map((page) => (
        <Route key={page.path} path={page.path} element={<FullPage page={page} />} />
      ))}
      <Route element={<StorefrontLayout />}>
        {storefrontRoutes.map((page) => (
          <Route
            key={page.path}
            path={page.path}
            element={
              <MountedSlot
                remote={page.remote}
                expose={page.expose}
                part={APPS[page.remote].label}
                loading={
                  <SlotSkeleton part={APPS[page.remote].label} className="mx-auto my-8 h-96 max-w-7xl" />
                }
              />
            }
          />
        ))}
        <Route
          path="*"
          element={
            <Suspense fallback={<Spinner label={texts.slots.loading('Page')} className="min-h-[60vh]" />}>
              <NotFoundPage />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}
