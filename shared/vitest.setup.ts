// The one jsdom setup for every package's component tests (vitest setupFiles).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterAll, afterEach } from 'vitest';
import { $cartLines } from './src/bus/cart';
import { $browserWishlist } from './src/bus/wishlist';

// jsdom has no layout and no modal <dialog>: scrolling is a no-op, and showModal/close toggle the
// open attribute and fire the close event like a browser does.
window.scrollTo = () => undefined;

if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

// findBy*/waitFor give up after 1 s by default, which a loaded CI machine overruns on a slow render.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// A store whose last listener left unmounts a second later; a browser-storage store then detaches its
// window listener. Unmount now, while jsdom's window still exists, not after the file's environment is gone.
afterAll(() => cleanStores($cartLines, $browserWishlist));
