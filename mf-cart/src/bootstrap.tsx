import { mountStandalone } from '@prepper/shared/standalone';
import { StandaloneApp } from './app/standalone-app';

// Running on its own (pnpm --filter <remote> dev): the remote's overlay and pages in a bare frame for its
// team. The overlay needs no backend, so a missing configuration only warns (the checkout then cannot load).
await mountStandalone(<StandaloneApp />, 'client');
