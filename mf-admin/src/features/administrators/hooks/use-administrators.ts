import { toast } from '@prepper/shared';
import { useCallback, useEffect, useState } from 'react';
import { texts } from '../../../texts';
import type { Administrator } from '../api/administrator';
import { listAdministrators } from '../api/list-administrators';

export type AdministratorsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; administrators: Administrator[] };

export function useAdministrators(): { state: AdministratorsState; reload: () => void } {
  const [state, setState] = useState<AdministratorsState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    listAdministrators()
      .then((administrators) => {
        if (active) setState({ status: 'ready', administrators });
      })
      .catch((error: unknown) => {
        console.error('Failed to fetch administrators', error);
        if (!active) return;
        toast.error(texts.administrators.fetchFailed);
        setState({ status: 'error' });
      });
    return () => {
      active = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((count) => count + 1), []);
  return { state, reload };
}
