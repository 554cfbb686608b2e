import { closeOverlay, openOverlay } from '@prepper/shared';
import { startOverlayFocusReturn } from './overlay-focus';

describe('startOverlayFocusReturn', () => {
  it('returns focus to the opener when focus was lost while the overlay was open', async () => {
    const stop = startOverlayFocusReturn();
    const opener = document.createElement('button');
    const inside = document.createElement('input');
    document.body.append(opener, inside);
    opener.focus();

    openOverlay('cart');
    inside.focus();
    inside.remove(); // the loading dialog is swapped for the remote's own: focus falls to <body>
    closeOverlay('cart');
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(document.activeElement).toBe(opener);
    stop();
    opener.remove();
  });

  it('leaves focus alone when it is somewhere meaningful after closing', async () => {
    const stop = startOverlayFocusReturn();
    const opener = document.createElement('button');
    const elsewhere = document.createElement('a');
    elsewhere.href = '/products';
    document.body.append(opener, elsewhere);
    opener.focus();

    openOverlay('search');
    closeOverlay('search');
    elsewhere.focus();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(document.activeElement).toBe(elsewhere);
    stop();
    opener.remove();
    elsewhere.remove();
  });
});
