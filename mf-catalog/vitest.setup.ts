import { clearQueryCache } from './src/lib/query';

// Each test starts without the catalogue data an earlier test loaded (lib/query.ts keeps it in memory).
beforeEach(() => clearQueryCache());
