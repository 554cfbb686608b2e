/** The module that stands in for '@supabase/supabase-js' in component tests. */
import { fakeSupabase } from './fake-supabase';

export const createClient = () => fakeSupabase.client;
