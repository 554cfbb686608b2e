import { holdEarlyClicks } from './lib/early-clicks';
import { preloadRouteRemotes } from './lib/route-preload';

// A click on a server-rendered button before hydration is replayed after it (lib/early-clicks.ts).
holdEarlyClicks();

preloadRouteRemotes();
import('./bootstrap');
