import { startStoreInfoSync } from '@prepper/shared';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { DeferredEmergencyBanner } from '../components/layout/deferred-emergency-banner';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { DeferredOverlaySlots } from '../components/deferred-overlay-slots';
import { useSearchShortcut } from '../hooks/use-search-shortcut';
import { startOverlayFocusReturn } from '../lib/overlay-focus';

/** The shared layout: every public page gets the header, the footer and the three overlay slots. */
export function StorefrontLayout() {
  useSearchShortcut();
  useEffect(() => startOverlayFocusReturn(), []);
  useEffect(() => startStoreInfoSync(), []);
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-orange-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <DeferredEmergencyBanner />
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page's content arriving never moves it in view. */}
      <main id="main" className="min-h-dvh flex-1">
        <Outlet />
      </main>
      <Footer />
      <DeferredOverlaySlots />
    </div>
  );
}
