/**
 * A server-rendered page shows its buttons and choices (the list filters' radio buttons, a form's
 * checkboxes) before React has hydrated them: a click in that moment would do nothing, or tick a choice
 * that hydration then takes back (a link still works, as a plain link). The shell's entry holds such
 * clicks from the start, and the shop replays them once the page has hydrated, so a quick first click is
 * not lost.
 */
let held: HTMLElement[] | null = null;

/** What a click is held on: a button, or a radio button or checkbox (a click on its label reaches it too). */
const HELD = 'button, [role="button"], input[type="radio"], input[type="checkbox"]';

function hold(event: Event): void {
  const button = (event.target as Element | null)?.closest?.<HTMLElement>(HELD);
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

/** Whether React has hydrated the element (it keeps its props on the node). */
function hydrated(element: HTMLElement): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps'));
}

/**
 * Stops holding and clicks, once each and in order, the buttons clicked meanwhile that are still there,
 * each as soon as React has hydrated it (a part of the page may hydrate after the root), for at most 10 s.
 */
export function replayEarlyClicks(doc: Document = document): void {
  if (!held) return;
  const waiting = held;
  held = null;
  doc.removeEventListener('click', hold, true);
  const started = Date.now();
  const replay = () => {
    while (waiting.length > 0) {
      const button = waiting[0]!;
      if (!button.isConnected) {
        waiting.shift();
        continue;
      }
      if (!hydrated(button) && Date.now() - started < 10_000) {
        setTimeout(replay, 50);
        return;
      }
      waiting.shift();
      button.click();
    }
  };
  replay();
}
