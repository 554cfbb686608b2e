import { openOverlay } from '@prepper/shared';
import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import SearchOverlay from '../exposes/search-overlay';

function Where() {
  return <p className="text-sm text-slate-500">Route: {useLocation().pathname}</p>;
}

/** The search remote on its own: a button (and / or Ctrl+K) opens the overlay. */
export function StandaloneApp() {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, select');
      if (
        (event.key === '/' && !typing) ||
        (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey))
      ) {
        event.preventDefault();
        openOverlay('search');
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <BrowserRouter>
      <main className="mx-auto max-w-3xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">mf-search on its own</h1>
        <button
          type="button"
          className="rounded bg-orange-600 px-4 py-2 text-white"
          onClick={() => openOverlay('search')}
        >
          Open search
        </button>
        <Where />
      </main>
      <SearchOverlay />
    </BrowserRouter>
  );
}
