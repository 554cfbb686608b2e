import { createContext, useContext } from 'react';
import type { RemoteLoader } from '../../lib/remote-registry';

export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);

export function useRemoteLoader(): RemoteLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader must be used within a RemoteLoaderContext provider');
  return loader;
}
