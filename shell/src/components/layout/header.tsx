import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { CategoryNavProps } from '@prepper/shared';
import { texts } from '../../texts';
import { RemoteSlot } from '../remote/remote-slot';
import { AccountButton, CartButton, SearchButton } from './header-actions';
import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { Logo } from './logo';
import { TopBar } from './top-bar';

function CategoryNavSlot(props: CategoryNavProps) {
  return (
    <RemoteSlot
      remote="catalog"
      expose="CategoryNav"
      part={texts.parts.categoryNav}
      props={props}
      loading={
        <span className="block h-6 w-full max-w-md animate-pulse rounded bg-slate-100" aria-hidden="true" />
      }
    />
  );
}

/** The shared layout's header: top bar, logo, category nav, search, sign-in, cart, and the mobile menu. */
export function Header() {
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-30 bg-white shadow-sm lg:static">
      <TopBar />
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <Logo />
        <div className="ml-auto flex items-center gap-1">
          <SearchButton />
          <AccountButton />
          <CartButton />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={texts.header.menu}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <XMarkIcon className="h-6 w-6" /> : <Bars3Icon className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {/* Its own row: the catalogue grows (administrators add categories) without crowding the actions. */}
      <nav aria-label={texts.header.categories} className="hidden border-t border-slate-100 lg:block">
        {/* As tall as the loaded navigation, so the header does not grow when it arrives. */}
        <div className="mx-auto min-h-10 max-w-7xl px-3 py-1">
          <CategoryNavSlot variant="desktop" />
        </div>
      </nav>
      <div
        id={menuId}
        hidden={!menuOpen}
        className="max-h-[calc(100dvh-7rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 py-4 lg:hidden"
      >
        {menuOpen ? (
          <nav aria-label={texts.header.categories}>
            <CategoryNavSlot variant="mobile" onNavigate={() => setMenuOpen(false)} />
          </nav>
        ) : null}
      </div>
    </header>
  );
}
