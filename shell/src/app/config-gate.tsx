import { loadRuntimeConfig, startSessionSync, type RuntimeConfig } from '@prepper/shared';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';

/** Shown only when /config.json cannot be loaded: not part of any page's first load. */
const ConfigErrorPage = lazy(() => import('../pages/config-error-page'));

type State = { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'failed' };

/**
 * Loads /config.json (Supabase URL, anon key, remote manifests) before anything else; when that fails
 * the page says so with a Retry instead of staying blank.
 */
export function ConfigGate({
  load = loadRuntimeConfig,
  initial,
  children,
}: {
  load?: () => Promise<RuntimeConfig>;
  /** The configuration the server sent inside a server-rendered page: no request, and the first render matches. */
  initial?: RuntimeConfig;
  children: (config: RuntimeConfig) => ReactNode;
}) {
  const [state, setState] = useState<State>(
    initial ? { status: 'ready', config: initial } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (initial && attempt === 0) {
      startSessionSync();
      return;
    }
    let current = true;
    load().then(
      (config) => {
        if (!current) return;
        startSessionSync();
        setState({ status: 'ready', config });
      },
      (error: unknown) => {
        console.error('Could not load the runtime configuration', error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt, initial]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  }, []);

  if (state.status === 'ready') return <>{children(state.config)}</>;
  if (state.status === 'loading' && attempt === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConfigErrorPage onRetry={retry} retrying={state.status !== 'failed'} />
    </Suspense>
  );
}
