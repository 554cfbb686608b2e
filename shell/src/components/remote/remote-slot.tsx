import type { ExposeName, ExposeProps, NoProps, RemoteName } from '@prepper/shared';
import {
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { texts } from '../../texts';
import { useRemoteLoader } from './remote-loader-context';
import { SlotErrorBoundary } from './slot-error-boundary';

export interface SlotErrorProps {
  part: string;
  retry: () => void;
}

/** The message a slot shows when its remote cannot load or crashes; the rest of the page keeps working. */
export function SlotError({ part, retry }: SlotErrorProps) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <span>{texts.slots.unavailable(part)}</span>
      <button
        type="button"
        onClick={retry}
        className="rounded-md bg-orange-600 px-3 py-1.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
      >
        {texts.slots.retry}
      </button>
    </div>
  );
}

/** A small placeholder while a remote loads. */
export function SlotSkeleton({ part, className = 'h-40' }: { part: string; className?: string }) {
  return (
    <div role="status" aria-busy="true" className={`animate-pulse rounded-lg bg-slate-100 ${className}`}>
      <span className="sr-only">{texts.slots.loading(part)}</span>
    </div>
  );
}

/** What every slot takes besides the expose and its props. */
interface SlotOptions {
  /** What the slot holds, for messages: '<part> is temporarily unavailable.' */
  part: string;
  /** Shown while loading; defaults to a skeleton. */
  loading?: ReactNode;
  /** Shown when loading failed or the remote crashed; defaults to SlotError. */
  renderError?: (error: SlotErrorProps) => ReactNode;
}

/** Any expose of any remote, unchecked: for slots whose remote and expose come from the app registry. */
export interface MountedSlotProps extends SlotOptions {
  remote: RemoteName;
  /** The expose's name without './', e.g. 'HomePage'. */
  expose: string;
  props?: object;
}

/** `props` is forbidden for an expose that takes none, optional when all its props are, else required. */
type PropsOf<P> = P extends NoProps ? { props?: never } : object extends P ? { props?: P } : { props: P };

/**
 * A slot typed by the remote's contract (the app registry, `@prepper/shared`): only an expose that
 * remote has, with exactly that expose's props.
 */
export type RemoteSlotProps<R extends RemoteName, E extends ExposeName<R>> = SlotOptions & {
  remote: R;
  expose: E;
} & PropsOf<ExposeProps<R, E>>;

/**
 * Slots the server sent as skeletons (their remote could not load or render there in time): while the
 * browser hydrates, they start as skeletons too, whatever has loaded since, so the first render matches
 * the server's HTML; then they load as on any page. Browser only: set before hydrating, cleared once the
 * page has hydrated.
 */
let hydratingSkeletons: ReadonlySet<string> = new Set();

export function startHydration(skeletonSlots: readonly string[]): void {
  hydratingSkeletons = new Set(skeletonSlots);
}

export function endHydration(): void {
  hydratingSkeletons = new Set();
}

type LoadState<P> =
  { status: 'loading' } | { status: 'ready'; Component: ComponentType<P> } | { status: 'failed' };

function LoadedSlot({
  remote,
  expose,
  part,
  props,
  loading,
  renderError,
  retry,
  onLoadFailed,
}: MountedSlotProps & { retry: () => void; onLoadFailed: () => void }) {
  const loader = useRemoteLoader();
  const [state, setState] = useState<LoadState<object>>(() => {
    if (hydratingSkeletons.has(`${remote}/${expose}`)) return { status: 'loading' };
    const Component = loader.peek<object>(remote, expose);
    return Component ? { status: 'ready', Component } : { status: 'loading' };
  });
  const needsLoad = state.status === 'loading';

  useEffect(() => {
    if (!needsLoad) return;
    let current = true;
    loader.load<object>(remote, expose).then(
      (Component) => {
        // The remote's first render as a transition: in slices, not one long task that blocks input.
        if (current) startTransition(() => setState({ status: 'ready', Component }));
      },
      (error: unknown) => {
        console.error(`Could not load ${remote}/${expose}`, error);
        if (!current) return;
        setState({ status: 'failed' });
        onLoadFailed();
      },
    );
    return () => {
      current = false;
    };
  }, [loader, remote, expose, needsLoad, onLoadFailed]);

  const showError = () => (renderError ?? SlotError)({ part, retry });
  if (state.status === 'loading')
    return <>{loading === undefined ? <SlotSkeleton part={part} /> : loading}</>;
  if (state.status === 'failed') return <>{showError()}</>;
  const { Component } = state;
  return (
    <SlotErrorBoundary fallback={showError}>
      {/* The remote's stylesheet is scoped to this attribute (@prepper/rsbuild-config, scopeUtilitiesPlugin). */}
      <div data-mf={remote} className="contents">
        {/* On the server a remote still reading, or failing, past the budget costs only this slot: its
            skeleton is sent and the browser renders it. */}
        <Suspense fallback={loading === undefined ? <SlotSkeleton part={part} /> : loading}>
          <Component {...props} />
        </Suspense>
      </div>
    </SlotErrorBoundary>
  );
}

/**
 * Mounts one expose of a remote (`remote/Expose`) loaded at runtime. While it loads the slot shows a
 * skeleton; when it cannot load or crashes, only this slot shows '<part> is temporarily unavailable.'
 * with a Retry that really fetches the remote again.
 */
export function MountedSlot(slot: MountedSlotProps) {
  const loader = useRemoteLoader();
  const { remote, expose } = slot;
  const [attempt, setAttempt] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const retry = () => {
    if (!loader.peek(remote, expose)) loader.reset(remote);
    setLoadFailed(false);
    setAttempt((value) => value + 1);
  };
  const onLoadFailed = useCallback(() => setLoadFailed(true), []);

  // Once another slot has brought the same remote back (its Retry), this one follows by itself.
  useEffect(() => {
    if (!loadFailed) return;
    return loader.subscribe(remote, () => {
      setLoadFailed(false);
      setAttempt((value) => value + 1);
    });
  }, [loader, remote, loadFailed]);

  return (
    <LoadedSlot key={`${remote}/${expose}#${attempt}`} {...slot} retry={retry} onLoadFailed={onLoadFailed} />
  );
}

/**
 * Mounts `remote/expose` with the props its contract declares; a wrong expose name or prop is a type
 * error in the shell, not a broken page.
 */
export function RemoteSlot<R extends RemoteName, E extends ExposeName<R>>(slot: RemoteSlotProps<R, E>) {
  return <MountedSlot {...(slot as MountedSlotProps)} />;
}
