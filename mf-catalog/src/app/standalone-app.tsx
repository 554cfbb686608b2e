import { $toasts, dismissToast } from '@prepper/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import CategoryNav from '../exposes/category-nav';
import CategoryPage from '../exposes/category-page';
import HomePage from '../exposes/home-page';
import KitBuilderPage from '../exposes/kit-builder-page';
import ProductPage from '../exposes/product-page';
import ProductsPage from '../exposes/products-page';
import SubcategoryPage from '../exposes/subcategory-page';
import WaitlistConfirmPage from '../exposes/waitlist-confirm-page';
import WaitlistUnsubscribePage from '../exposes/waitlist-unsubscribe-page';
import NewsletterConfirmPage from '../exposes/newsletter-confirm-page';
import NewsletterUnsubscribePage from '../exposes/newsletter-unsubscribe-page';

/** A bare stand-in for the shell's toaster, so the catalogue's toasts can be seen on their own. */
function Toasts() {
  const toasts = useStore($toasts);
  return (
    <div aria-live="polite" className="fixed top-4 left-1/2 z-50 flex -translate-x-1/2 flex-col gap-2">
      {toasts.map((item) => (
        <button
          key={item.id}
          type="button"
          onClick={() => dismissToast(item.id)}
          className="rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          {item.message}
        </button>
      ))}
    </div>
  );
}

function Frame() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
          <Link to="/" className="text-xl font-extrabold text-slate-900">
            ReadyStock
          </Link>
          <nav aria-label="Categories" className="hidden min-w-0 flex-1 lg:block">
            <CategoryNav variant="desktop" />
          </nav>
          <button
            type="button"
            className="ml-auto rounded-md border border-slate-300 px-3 py-1 lg:hidden"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        </div>
        {menuOpen && (
          <nav aria-label="Categories" className="border-t border-slate-200 px-4 lg:hidden">
            <CategoryNav variant="mobile" onNavigate={() => setMenuOpen(false)} />
          </nav>
        )}
      </header>
      <main>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/products" element={<ProductsPage />} />
          <Route path="/category/:categorySlug" element={<CategoryPage />} />
          <Route path="/category/:categorySlug/:subcategorySlug" element={<SubcategoryPage />} />
          <Route path="/product/:productSlug" element={<ProductPage />} />
          <Route path="/kit-builder" element={<KitBuilderPage />} />
          <Route path="/waitlist/confirm" element={<WaitlistConfirmPage />} />
          <Route path="/waitlist/unsubscribe" element={<WaitlistUnsubscribePage />} />
          <Route path="/newsletter/confirm" element={<NewsletterConfirmPage />} />
          <Route path="/newsletter/unsubscribe" element={<NewsletterUnsubscribePage />} />
        </Routes>
      </main>
      <Toasts />
    </>
  );
}

/** What `pnpm dev` shows on its own: the catalogue's pages under a minimal header. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <Frame />
    </BrowserRouter>
  );
}
