import { mountStandalone } from '@prepper/shared/standalone';
import { StandaloneApp } from './app/standalone-app';

// Running on its own (pnpm --filter <remote> dev): the remote's pages in a bare frame for its team.
await mountStandalone(<StandaloneApp />, 'client');
