import { formatPrice } from '@prepper/shared';

/** Every user-facing text of the cart overlay; those SPEC quotes appear exactly so. */
export const texts = {
  title: (count: number) => `Shopping Cart (${count})`,
  close: 'Close cart',
  inStock: 'In Stock',
  outOfStock: 'Out of Stock',
  originalPrice: 'Original price',
  quantity: (name: string) => `Quantity of ${name}`,
  decrease: (name: string) => `Decrease quantity of ${name}`,
  increase: (name: string) => `Increase quantity of ${name}`,
  remove: (name: string) => `Remove ${name} from cart`,
  lineTotal: 'Line total',
  clearAll: 'Clear All Items',
  continueShopping: 'Continue Shopping',
  proceedToCheckout: 'Proceed to Checkout',
  checkoutComingSoon: 'Checkout functionality coming soon!',
  emptyTitle: 'Your cart is empty',
  emptyBody: "Looks like you haven't added anything to your cart yet.",
  startShopping: 'Start Shopping',
  freeShippingRemaining: (amount: number) => `Add ${formatPrice(amount)} more for free shipping`,
  freeShippingReached: 'You qualify for free shipping!',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  free: 'Free',
  tax: 'Tax (8%)',
  total: 'Total',
} as const;
