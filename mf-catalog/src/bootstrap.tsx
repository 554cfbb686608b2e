import { mountStandalone } from '@prepper/shared/standalone';
import { StandaloneApp } from './app/standalone-app';
import './standalone.css';

// Running on its own (pnpm --filter <remote> dev): the remote's pages in a bare frame for its team.
await mountStandalone(<StandaloneApp />, 'config');
