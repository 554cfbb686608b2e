import { holdEarlyClicks } from './lib/early-clicks';
import { preloadRouteRemotes } from './lib/route-preload';

// A click on a server-rendered button before hydration is replayed after it (lib/early-clicks.ts).
holdEarlyClicks();

// The federation runtime's start, the remotes' preloading and the shop's bootstrap each run in a task of
// their own, so that a phone's main thread is never held for all three at once (issue 26: blocking time).
setTimeout(() => {
  preloadRouteRemotes();
  setTimeout(() => void import('./bootstrap'));
});
