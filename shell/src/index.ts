import { preloadRouteRemotes } from './lib/route-preload';

preloadRouteRemotes();
import('./bootstrap');
