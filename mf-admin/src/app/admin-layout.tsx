import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { BRAND, routes, startStoreInfoSync } from '@prepper/shared';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { promotionPaths } from '../lib/promotion-paths';
import { emergencyPath } from '../lib/emergency';
import { emergencyTexts } from '../features/emergency/texts';
import { promotionTexts } from '../features/promotions/texts';
import { useCurrentAdmin } from '../lib/current-admin';
import { roleLabel } from '../lib/permissions';
import { texts } from '../texts';
import { contentRoutes } from '../lib/content-routes';

/** The back office sections, in sidebar order. */
const NAV_ITEMS = [
  { to: routes.admin.dashboard, label: 'Dashboard', end: false, also: routes.admin.root },
  { to: routes.admin.products, label: 'Products', end: false },
  { to: routes.admin.categories, label: 'Categories', end: false },
  { to: routes.admin.reviews, label: 'Reviews', end: false },
  { to: routes.admin.administrators, label: 'Administrators', end: false },
  { to: routes.admin.orders, label: 'Orders', end: false },
  { to: promotionPaths.list, label: promotionTexts.nav, end: false },
  { to: routes.admin.customers, label: 'Customers', end: false },
  { to: contentRoutes.messages, label: 'Messages', end: false },
  { to: routes.admin.analytics, label: 'Analytics', end: false },
  { to: contentRoutes.pages, label: 'Pages', end: false },
  { to: routes.admin.settings, label: 'Settings', end: false },
  { to: emergencyPath, label: emergencyTexts.nav, end: false },
  { to: routes.admin.audit(), label: 'Audit Log', end: false },
] as const;

function SidebarNav({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Back office" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {NAV_ITEMS.map((item) => {
          const alsoActive = 'also' in item && pathname.replace(/\/$/, '') === item.also;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                aria-current={alsoActive ? 'page' : undefined}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-orange-500 ${
                    isActive || alsoActive
                      ? 'bg-orange-600 text-white'
                      : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The shared admin layout labelled 'Administrator': sidebar navigation, View Site, Sign Out. */
export function AdminLayout() {
  const admin = useCurrentAdmin();
  const [menuOpen, setMenuOpen] = useState(false);
  const { signingOut, signOut: handleSignOut } = useSignOut();
  // The store's settings (the low-stock threshold of the badges and filters), read now and every minute.
  useEffect(() => startStoreInfoSync(), []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 lg:flex">
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-slate-800 bg-slate-900 px-4 py-3 text-white lg:hidden">
        <Link to={routes.admin.root} className="font-bold">
          {BRAND.name} <span className="font-normal text-orange-400">{texts.layout.label}</span>
        </Link>
        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
          className="rounded-md p-2 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-orange-500"
        >
          <span className="sr-only">{menuOpen ? 'Close navigation' : 'Open navigation'}</span>
          {menuOpen ? <XMarkIcon className="h-6 w-6" /> : <Bars3Icon className="h-6 w-6" />}
        </button>
      </header>

      {menuOpen ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
          onClick={() => setMenuOpen(false)}
        />
      ) : null}

      <aside
        id="admin-sidebar"
        aria-label={texts.layout.label}
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col bg-slate-900 text-white transition-transform lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0 ${
          menuOpen ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
        }`}
      >
        <div className="border-b border-slate-800 px-5 py-5">
          <Link to={routes.admin.root} className="block text-lg font-bold">
            {BRAND.name}
          </Link>
          <p className="text-sm font-medium text-orange-400">{texts.layout.label}</p>
        </div>
        <SidebarNav onNavigate={() => setMenuOpen(false)} />
        <div className="space-y-2 border-t border-slate-800 px-3 py-4">
          <p className="truncate px-3 text-xs text-slate-400" title={admin.email}>
            {admin.email} · {roleLabel(admin.role)}
          </p>
          <Link
            to={routes.home}
            className="block rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-orange-500"
          >
            {texts.layout.viewSite}
          </Link>
          <button
            type="button"
            disabled={signingOut}
            onClick={() => void handleSignOut()}
            className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-orange-500 disabled:opacity-60"
          >
            {texts.layout.signOut}
          </button>
        </div>
      </aside>

      <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
