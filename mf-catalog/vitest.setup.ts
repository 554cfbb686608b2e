import { clearAsyncCache } from './src/lib/use-async';

// Each test starts without the catalogue data an earlier test loaded (lib/use-async.ts keeps it in memory).
beforeEach(() => clearAsyncCache());
