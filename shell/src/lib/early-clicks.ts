/**
 * A server-rendered page shows its buttons and choices (the list filters' radio buttons, a form's
 * checkboxes) before React has hydrated them: a click in that moment would do nothing, or tick a choice
 * that hydration then takes back (a link still works, as a plain link). The shell's entry holds a click on
 * any such control React has not hydrated yet, from the start and for as long as the page lives (a part
 * may hydrate long after the rest: a remote's slot waiting for its code), and replays it once React has
 * the control, so a quick first click is not lost.
 */
let waiting: { button: HTMLElement; at: number }[] = [];
let replaying = false;

/** What a click is held on: a button, or a radio button or checkbox (a click on its label reaches it too). */
const HELD = 'button, [role="button"], input[type="radio"], input[type="checkbox"]';

/** A held click waits at most this long for its control to hydrate, then goes through as it is. */
const WAIT_MS = 10_000;

/** Whether React has hydrated the element (it keeps its props on the node). */
function hydrated(element: HTMLElement): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps'));
}

function hold(event: Event): void {
  const button = (event.target as Element | null)?.closest?.<HTMLElement>(HELD);
  if (!button || replaying || hydrated(button)) return;
  event.preventDefault();
  event.stopPropagation();
  if (waiting.some((held) => held.button === button)) return;
  waiting.push({ button, at: Date.now() });
  if (waiting.length === 1) replay();
}

/** Clicks, once each and in order, the held controls still there, each as soon as React has it. */
function replay(): void {
  while (waiting.length > 0) {
    const { button, at } = waiting[0]!;
    if (button.isConnected && !hydrated(button) && Date.now() - at < WAIT_MS) {
      setTimeout(replay, 50);
      return;
    }
    waiting.shift();
    if (!button.isConnected) continue;
    replaying = true;
    button.click();
    replaying = false;
  }
}

/**
 * Holds clicks on controls React has not hydrated (server-rendered pages only: the #ssr-page block).
 * Answers a function that stops holding.
 */
export function holdEarlyClicks(doc: Document = document): () => void {
  if (doc.getElementById('ssr-page')) doc.addEventListener('click', hold, true);
  return () => {
    doc.removeEventListener('click', hold, true);
    waiting = [];
  };
}
