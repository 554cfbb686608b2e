import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthUser } from '../../../lib/auth-types';
import type { CurrentAdmin } from '../../../lib/current-admin';
import { texts } from '../../../texts';
import { checkDatabaseConnection } from '../api/check-database-connection';
import { getActiveAdmin } from '../api/get-active-admin';
import { getSession } from '../api/get-session';
import { subscribeToAuthChanges } from '../api/subscribe-to-auth-changes';

/** The states every /admin page goes through. */
export type AdminAccess =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'signed-out' }
  | { status: 'denied'; user: AuthUser }
  | { status: 'admin'; admin: CurrentAdmin };

/** How often a signed-in administrator's record is checked again (besides sign-in changes and window focus). */
export const ADMIN_RECHECK_INTERVAL_MS = 60_000;

async function accessFor(user: AuthUser): Promise<AdminAccess> {
  const { admin, error } = await getActiveAdmin(user.id, user.email ?? '');
  if (error) return { status: 'error', message: texts.guard.adminCheckFailed };
  return admin ? { status: 'admin', admin } : { status: 'denied', user };
}

/** The first check: database reachable, then the session, then the active admin record. */
export async function resolveAdminAccess(): Promise<AdminAccess> {
  try {
    if (!(await checkDatabaseConnection())) return { status: 'error', message: texts.guard.databaseFailed };
    const { session, error } = await getSession();
    if (error) return { status: 'error', message: texts.guard.authError };
    if (!session) return { status: 'signed-out' };
    return await accessFor(session.user);
  } catch {
    return { status: 'error', message: texts.guard.initFailed };
  }
}

/** A later check of a signed-in user; null when it could not be made (the current state then stands). */
async function recheckAccess(): Promise<AdminAccess | null> {
  try {
    const { session, error } = await getSession();
    if (error) return null;
    if (!session) return { status: 'signed-out' };
    const next = await accessFor(session.user);
    return next.status === 'error' ? null : next;
  } catch {
    return null;
  }
}

function sameAccess(a: AdminAccess, b: AdminAccess): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The access state of the back office, followed live: sign-in changes in this or another tab, and a
 * re-check of the admin record every minute and whenever the window gets focus, so an administrator
 * deactivated or removed while signed in loses access at the next check.
 */
export function useAdminAccess(): AdminAccess {
  const [access, setAccess] = useState<AdminAccess>({ status: 'loading' });
  const accessRef = useRef(access);
  const update = useCallback((next: AdminAccess) => {
    if (sameAccess(accessRef.current, next)) return;
    accessRef.current = next;
    setAccess(next);
  }, []);

  useEffect(() => {
    let active = true;
    const apply = (next: AdminAccess | null) => {
      if (active && next) update(next);
    };
    void resolveAdminAccess().then(apply);

    const unsubscribe = subscribeToAuthChanges((event, session) => {
      if (event === 'INITIAL_SESSION') return;
      if (!session) {
        apply({ status: 'signed-out' });
        return;
      }
      if (event === 'SIGNED_IN' || event === 'USER_UPDATED' || event === 'PASSWORD_RECOVERY') {
        void recheckAccess().then(apply);
      }
    });

    const recheckSignedIn = () => {
      const status = accessRef.current.status;
      if (status === 'admin' || status === 'denied') void recheckAccess().then(apply);
    };
    const timer = setInterval(recheckSignedIn, ADMIN_RECHECK_INTERVAL_MS);
    window.addEventListener('focus', recheckSignedIn);
    return () => {
      active = false;
      unsubscribe();
      clearInterval(timer);
      window.removeEventListener('focus', recheckSignedIn);
    };
  }, [update]);

  return access;
}
