import { toggleWishlist } from '@prepper/shared';
import { defineMutation } from './query';

/**
 * The heart's write: saves or removes the product through the shared wishlist store (which every remote
 * shows), resolving to whether it is now saved. No catalogue query holds the wishlist.
 */
export const toggleWishlistMutation = defineMutation('wishlist', toggleWishlist);
export const useToggleWishlist = () => toggleWishlistMutation.use();
