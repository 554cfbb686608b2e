/**
 * A server-rendered page shows its buttons before React has hydrated them: a click in that moment would
 * do nothing (a link still works, as a plain link). The shell's entry holds such clicks from the start,
 * and the shop replays them once the page has hydrated, so a quick first click is not lost.
 */
let held: HTMLElement[] | null = null;

function hold(event: Event): void {
  const button = (event.target as Element | null)?.closest?.<HTMLElement>('button, [role="button"]');
  if (!button || !held) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(button)) held.push(button);
}

/** Holds clicks on buttons until `replayEarlyClicks` (server-rendered pages only: the #ssr-page block). */
export function holdEarlyClicks(doc: Document = document): void {
  if (held || !doc.getElementById('ssr-page')) return;
  held = [];
  doc.addEventListener('click', hold, true);
}

/** Stops holding and clicks, once each and in order, the buttons clicked meanwhile that are still there. */
export function replayEarlyClicks(doc: Document = document): void {
  if (!held) return;
  const clicked = held;
  held = null;
  doc.removeEventListener('click', hold, true);
  for (const button of clicked) if (button.isConnected) button.click();
}
