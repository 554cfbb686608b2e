import { createNanoEvents } from 'nanoevents';
import type { CartProduct } from './cart';
import type { Customer } from './session';

/**
 * Facts the parts announce to each other, named by the part that emits them.
 * Listen with `events.on(name, handler)`; the returned function unsubscribes.
 */
export interface ShopEvents {
  'cart:item-added': (payload: { product: CartProduct; quantity: number }) => void;
  'cart:cleared': () => void;
  'account:signed-in': (customer: Customer) => void;
  'account:signed-out': () => void;
  'remote:load-failed': (payload: { remote: string; error: string }) => void;
}

export const events = createNanoEvents<ShopEvents>();
