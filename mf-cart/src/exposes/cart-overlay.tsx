import '../styles.css';
import { useStore } from '@nanostores/react';
import { $cartCount, $overlays, closeOverlay, type ExposeComponent } from '@prepper/shared';
import { Dialog } from '@prepper/shared/ui';
import { CartPanel } from '../features/cart/components/cart-panel';
import { texts } from '../texts';

/**
 * The cart overlay: a drawer that opens while `$overlays.cart` is true.
 * Takes no props; lines and totals come from the shared cart stores. Mount it inside a router.
 */
function CartOverlay() {
  const { cart: open } = useStore($overlays);
  const count = useStore($cartCount);
  const close = () => closeOverlay('cart');
  return (
    <Dialog open={open} onClose={close} label={texts.title(count)} variant="drawer">
      <CartPanel onClose={close} />
    </Dialog>
  );
}

export default CartOverlay satisfies ExposeComponent<'cart', 'CartOverlay'>;
