import { routes } from '@prepper/shared';
import { Spinner } from '@prepper/shared/ui';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAdminAccess } from '../features/auth/hooks/use-admin-access';
import { CurrentAdminProvider } from '../lib/current-admin';
import { AccessDeniedScreen, AuthErrorScreen } from './guard-screens';

/** Every /admin page except the login goes through here. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const access = useAdminAccess();
  switch (access.status) {
    case 'loading':
      return (
        <div className="flex min-h-dvh items-center justify-center bg-slate-50">
          <Spinner label="Checking administrator access" />
        </div>
      );
    case 'error':
      return <AuthErrorScreen message={access.message} />;
    case 'signed-out':
      return <Navigate to={routes.admin.login} replace />;
    case 'denied':
      return <AccessDeniedScreen />;
    case 'admin':
      return <CurrentAdminProvider admin={access.admin}>{children}</CurrentAdminProvider>;
  }
}
