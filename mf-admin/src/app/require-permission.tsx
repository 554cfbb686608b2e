import { routes } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasPermission, useCurrentAdmin } from '../lib/current-admin';
import { permissionLabel, type Permission } from '../lib/permissions';
import { texts } from '../texts';

/**
 * A back office section that needs a permission: without it the page says so instead of loading
 * anything. The database refuses such an administrator anyway; this only spares them a broken page.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const admin = useCurrentAdmin();
  if (hasPermission(admin, permission)) return children;
  return <PermissionDenied permission={permission} />;
}

function PermissionDenied({ permission }: { permission: Permission }) {
  useDocumentTitle(`${texts.guard.accessDeniedTitle} · Admin`);
  return (
    <section
      aria-labelledby="permission-denied-title"
      className="mx-auto mt-8 max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <div
        aria-hidden="true"
        className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-orange-100 text-2xl font-bold text-orange-600"
      >
        !
      </div>
      <h1 id="permission-denied-title" className="text-2xl font-bold text-slate-900">
        {texts.guard.accessDeniedTitle}
      </h1>
      <p className="mt-2 text-slate-600">{texts.guard.permissionRequired(permissionLabel(permission))}</p>
      <Link
        to={routes.admin.root}
        className="mt-6 inline-block font-semibold text-orange-600 hover:underline"
      >
        {texts.guard.backToDashboard}
      </Link>
    </section>
  );
}
