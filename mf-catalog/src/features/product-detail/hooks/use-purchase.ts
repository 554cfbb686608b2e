import { addToCart, routes, toast, toCartProduct, type Product } from '@prepper/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkPurchase } from '../../../lib/quantity';
import { productTexts } from '../texts';

/** Add-to-cart processing about 300 ms, cart toast 3 s. */
export const ADD_TO_CART_DELAY_MS = 300;
export const CART_TOAST_MS = 3000;

function parseQuantity(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Add to Cart and Buy Now for one product, with their checks and toasts. */
export function usePurchase(product: Product, quantityText: string) {
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  function later(run: () => void, ms: number) {
    timers.current.push(setTimeout(run, ms));
  }

  /** Checks stock and quantity; toasts the problem and returns null when the purchase cannot go on. */
  function checkedQuantity(): number | null {
    const check = checkPurchase(product.inStock, product.stockCount, parseQuantity(quantityText));
    if (check.ok) return check.quantity;
    toast.error(
      check.reason === 'out-of-stock' ? productTexts.toastOutOfStock : productTexts.toastInvalidQuantity,
    );
    return null;
  }

  function handleAddToCart() {
    if (adding) return;
    const quantity = checkedQuantity();
    if (quantity === null) return;
    setAdding(true);
    later(() => {
      try {
        addToCart(toCartProduct(product), quantity);
        toast.success(productTexts.toastAdded(quantity, product.name), CART_TOAST_MS);
      } catch (error) {
        console.error('[catalog] add to cart failed', error);
        toast.error(productTexts.toastAddFailed);
      } finally {
        setAdding(false);
      }
    }, ADD_TO_CART_DELAY_MS);
  }

  function handleBuyNow() {
    const quantity = checkedQuantity();
    if (quantity === null) return;
    try {
      addToCart(toCartProduct(product), quantity);
    } catch (error) {
      console.error('[catalog] buy now failed', error);
      toast.error(productTexts.toastCheckoutFailed);
      return;
    }
    navigate(routes.checkout);
  }

  return { adding, handleAddToCart, handleBuyNow };
}
