import CartOverlay from '../exposes/cart-overlay';

export function StandaloneApp() {
  return <CartOverlay />;
}
