import { routes } from '@prepper/shared';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getActiveAdmin } from '../../features/auth/api/get-active-admin';
import { getSession } from '../../features/auth/api/get-session';
import { subscribeToAuthChanges } from '../../features/auth/api/subscribe-to-auth-changes';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';

type View = 'checking' | 'sign-in' | 'forgot' | 'new-password';

export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';

/**
 * /admin/login: sign-in, the forgot-password view, and — when the reset e-mail's link brings the
 * administrator back here with a PKCE ?code — the form to set a new password. An administrator who is
 * already signed in goes straight to /admin.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // supabase-js exchanges the ?code and strips it from the address; the router still has it from the start.
  const [returnedFromResetLink] = useState(() => searchParams.has('code'));
  const [linkError] = useState(() => searchParams.get('error_description'));
  const [view, setView] = useState<View>('checking');
  const [message, setMessage] = useState<string | null>(linkError);

  useDocumentTitle(view === 'new-password' ? 'Set a new password' : 'Admin Login');

  useEffect(() => {
    let active = true;
    const unsubscribe = subscribeToAuthChanges((event) => {
      if (active && event === 'PASSWORD_RECOVERY') setView('new-password');
    });
    void (async () => {
      try {
        const { session } = await getSession();
        if (!active) return;
        if (returnedFromResetLink) {
          if (session) setView('new-password');
          else {
            setMessage(RESET_LINK_INVALID);
            setView('forgot');
          }
          return;
        }
        if (session) {
          const { admin } = await getActiveAdmin(session.user.id, session.user.email ?? '');
          if (!active) return;
          if (admin) {
            navigate(routes.admin.root, { replace: true });
            return;
          }
        }
      } catch {
        // Nothing to skip: the sign-in form handles its own errors.
      }
      if (active)
        setView((current) => (current === 'checking' ? (linkError ? 'forgot' : 'sign-in') : current));
    })();
    return () => {
      active = false;
      unsubscribe();
    };
  }, [navigate, returnedFromResetLink, linkError]);

  const enter = () => navigate(routes.admin.root, { replace: true });

  switch (view) {
    case 'checking':
      return (
        <AuthCard title="Admin Login">
          <Spinner label="Checking your session" />
        </AuthCard>
      );
    case 'new-password':
      return (
        <AuthCard title="Set a new password" subtitle="Choose a new password for your administrator account.">
          <NewPasswordForm
            onDone={enter}
            onRefused={(refusal) => {
              setMessage(refusal);
              setView('sign-in');
            }}
          />
        </AuthCard>
      );
    case 'forgot':
      return (
        <AuthCard title="Reset your password" subtitle="We will e-mail you a link to set a new password.">
          <ForgotPasswordForm
            initialError={message}
            onBack={() => {
              setMessage(null);
              setView('sign-in');
            }}
          />
        </AuthCard>
      );
    case 'sign-in':
      return (
        <AuthCard title="Admin Login" subtitle="Sign in to manage the store.">
          <SignInForm
            initialError={message}
            onSignedIn={enter}
            onForgotPassword={() => {
              setMessage(null);
              setView('forgot');
            }}
          />
        </AuthCard>
      );
  }
}
