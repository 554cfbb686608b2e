import { mountStandalone } from '@prepper/shared/standalone';
import { StandaloneApp } from './app/standalone-app';
import './standalone.css';

// Running on its own (pnpm --filter <remote> dev): the remote's pages in a bare frame for its team. With the
// session, as the shell would: the reviews list waits for it (a customer's own review is left out of it).
await mountStandalone(<StandaloneApp />, 'session');
