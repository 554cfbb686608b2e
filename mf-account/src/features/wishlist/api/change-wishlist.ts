import { moveWishlistItemToCart, removeFromWishlist } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

/**
 * The wishlist's writes from the panel. The list itself is the shared wishlist store (every remote
 * shows it); the facts query is keyed by product ids, so nothing here goes stale.
 */
export const removeFromWishlistMutation = defineMutation('remove from wishlist', removeFromWishlist);
export const useRemoveFromWishlist = () => removeFromWishlistMutation.use();

export const moveToCartMutation = defineMutation('move to cart', moveWishlistItemToCart);
export const useMoveToCart = () => moveToCartMutation.use();
