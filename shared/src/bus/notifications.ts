import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it disappears; null keeps it (loading toasts). */
  duration: number | null;
}

/** How long toasts stay: 4 s normal and error, 2 s success, loading persists, at most 20 kept. */
export const TOAST_DURATIONS: Record<ToastKind, number | null> = {
  success: 2000,
  error: 4000,
  info: 4000,
  loading: null,
};
export const MAX_TOASTS = 20;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Shows a toast in the shell's one toaster; returns its id (to dismiss a loading toast). */
export function notify(message: string, kind: ToastKind = 'info', duration?: number): number {
  const id = nextId++;
  const toast: Toast = { id, kind, message, duration: duration ?? TOAST_DURATIONS[kind] };
  const kept = [...$toasts.get(), toast];
  for (const dropped of kept.slice(0, Math.max(0, kept.length - MAX_TOASTS))) dismissToast(dropped.id);
  $toasts.set(kept.slice(-MAX_TOASTS));
  if (toast.duration !== null)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), toast.duration),
    );
  return id;
}

export const toast = {
  success: (message: string, duration?: number) => notify(message, 'success', duration),
  error: (message: string, duration?: number) => notify(message, 'error', duration),
  info: (message: string, duration?: number) => notify(message, 'info', duration),
  loading: (message: string) => notify(message, 'loading'),
  dismiss: dismissToast,
};
