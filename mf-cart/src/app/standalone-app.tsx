import { useStore } from '@nanostores/react';
import {
  $cartCount,
  $toasts,
  addToCart,
  isSupabaseConfigured,
  openOverlay,
  routes,
  startSessionSync,
  type CartProduct,
} from '@prepper/shared';
import { useEffect } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router-dom';
import CartOverlay from '../exposes/cart-overlay';
import CheckoutPage from '../exposes/checkout-page';
import OrderConfirmationPage from '../exposes/order-confirmation-page';
import OrderStatusPage from '../exposes/order-status-page';

const samples: CartProduct[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'hand-crank-radio-00000000-0000-4000-8000-000000000001',
    name: 'Hand Crank Emergency Radio',
    price: 39.99,
    originalPrice: 49.99,
    image: 'https://images.unsplash.com/photo-1593078166039-c9878df5c520?w=400',
    category: 'Communication',
    inStock: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    slug: 'water-filter-00000000-0000-4000-8000-000000000002',
    name: 'Portable Water Filter',
    price: 24.5,
    originalPrice: null,
    image: '',
    category: 'Survival Gear',
    inStock: false,
  },
];

function Where() {
  return <p className="text-sm text-slate-500">Route: {useLocation().pathname}</p>;
}

/** The cart remote on its own: buttons to fill and open the cart, its pages, and a plain toast list. */
export function StandaloneApp() {
  const count = useStore($cartCount);
  const toasts = useStore($toasts);
  useEffect(() => (isSupabaseConfigured() ? startSessionSync() : undefined), []);
  return (
    <BrowserRouter>
      <main className="mx-auto max-w-3xl space-y-4 p-6">
        <h1 className="text-2xl font-bold">mf-cart on its own</h1>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="rounded bg-orange-600 px-4 py-2 text-white"
            onClick={() => openOverlay('cart')}
          >
            Open cart ({count})
          </button>
          {samples.map((product) => (
            <button
              key={product.id}
              type="button"
              className="rounded border border-slate-300 px-4 py-2"
              onClick={() => addToCart(product)}
            >
              Add {product.name}
            </button>
          ))}
        </div>
        <Link to={routes.checkout} className="text-orange-700 underline">
          Checkout
        </Link>
        <Where />
        <Routes>
          <Route path={routes.checkout} element={<CheckoutPage />} />
          <Route path={routes.orderConfirmation(':orderId')} element={<OrderConfirmationPage />} />
          <Route path="/order-status" element={<OrderStatusPage />} />
          <Route path="*" element={null} />
        </Routes>
        <ul aria-label="Notifications">
          {toasts.map((item) => (
            <li key={item.id}>{item.message}</li>
          ))}
        </ul>
      </main>
      <CartOverlay />
    </BrowserRouter>
  );
}
