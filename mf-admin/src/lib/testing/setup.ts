/**
 * Component tests replace supabase-js at the network boundary. Each such test file starts with
 *
 *   vi.mock('@supabase/supabase-js', () => import('../../lib/testing/supabase-js-mock'));
 *   installFakeSupabase();
 *
 * and the one shared client is configured as the shell would configure it.
 */
import { configureSupabase, loadSupabase } from '@prepper/shared';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { clearQueryCache } from '../query';
import { resetFakeSupabase } from './fake-supabase';

export function installFakeSupabase(): void {
  configureSupabase({ url: 'http://localhost:54321', anonKey: 'anon-key' });
  // As the shell does before mounting the admin remote.
  beforeAll(async () => {
    await loadSupabase();
  });
  beforeEach(() => {
    resetFakeSupabase();
    clearQueryCache();
  });
  afterEach(() => cleanup());
}
