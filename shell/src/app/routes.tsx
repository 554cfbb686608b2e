import type { RemoteName } from '@prepper/shared';
import { Spinner } from '@prepper/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { RemoteSlot, SlotSkeleton } from '../components/remote/remote-slot';
import { NotFoundPage } from '../pages/not-found-page';
import { policies } from '../pages/policies';
import { PolicyPage } from '../pages/policy-page';
import { texts } from '../texts';
import { StorefrontLayout } from './storefront-layout';

/** A route whose page is an expose of a remote. */
export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  expose: string;
  part: string;
}

/** SPEC section 2, public routes owned by the catalogue remote (paths as in @prepper/shared's routes). */
export const storefrontRoutes: readonly RemoteRoute[] = [
  { path: '/', remote: 'catalog', expose: 'HomePage', part: texts.parts.catalog },
  { path: '/products', remote: 'catalog', expose: 'ProductsPage', part: texts.parts.catalog },
  { path: '/category/:categorySlug', remote: 'catalog', expose: 'CategoryPage', part: texts.parts.catalog },
  {
    path: '/category/:categorySlug/:subcategorySlug',
    remote: 'catalog',
    expose: 'SubcategoryPage',
    part: texts.parts.catalog,
  },
  { path: '/product/:productSlug', remote: 'catalog', expose: 'ProductPage', part: texts.parts.catalog },
];

/** Everything under /admin is the admin remote's, full page, loaded only when such a route renders. */
export const adminRoute: RemoteRoute = {
  path: '/admin/*',
  remote: 'admin',
  expose: 'AdminApp',
  part: texts.parts.admin,
};

function AdminPage() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <RemoteSlot
        remote={adminRoute.remote}
        expose={adminRoute.expose}
        part={adminRoute.part}
        loading={<Spinner label={texts.slots.loading(adminRoute.part)} className="min-h-dvh" />}
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
      <Route path={adminRoute.path} element={<AdminPage />} />
      <Route element={<StorefrontLayout />}>
        {storefrontRoutes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RemoteSlot
                remote={route.remote}
                expose={route.expose}
                part={route.part}
                loading={<SlotSkeleton part={route.part} className="mx-auto my-8 h-96 max-w-7xl" />}
              />
            }
          />
        ))}
        {policies.map((policy) => (
          <Route key={policy.path} path={policy.path} element={<PolicyPage policy={policy} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
