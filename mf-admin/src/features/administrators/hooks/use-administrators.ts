import { toast } from '@prepper/shared';
import { useEffect } from 'react';
import { texts } from '../../../texts';
import type { Administrator } from '../api/administrator';
import { administratorsQuery } from '../api/list-administrators';

export type AdministratorsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; administrators: Administrator[] };

/** The administrators list; a failure is logged and toasted, `reload()` asks again after a change. */
export function useAdministrators(): { state: AdministratorsState; reload: () => void } {
  const loaded = administratorsQuery.use([]);
  const failure = loaded.status === 'error' ? loaded.error : null;
  useEffect(() => {
    if (!failure) return;
    console.error('Failed to fetch administrators', failure);
    toast.error(texts.administrators.list.loadFailed);
  }, [failure]);

  const state: AdministratorsState =
    loaded.status === 'success'
      ? { status: 'ready', administrators: loaded.data }
      : loaded.status === 'error'
        ? { status: 'error' }
        : { status: 'loading' };
  return { state, reload: () => administratorsQuery.invalidate() };
}
