import { routes } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { texts } from '../texts';

function Screen({ title, tone, children }: { title: string; tone: 'error' | 'denied'; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <section
        aria-labelledby="guard-title"
        className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <div
          aria-hidden="true"
          className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold ${
            tone === 'error' ? 'bg-red-100 text-red-600' : 'bg-orange-100 text-orange-600'
          }`}
        >
          !
        </div>
        <h1 id="guard-title" className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-orange-600 px-4 py-2 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600';
const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600';

/** The access check could not be made; Retry reloads the page. */
export function AuthErrorScreen({ message }: { message: string }) {
  return (
    <Screen title={texts.guard.authErrorTitle} tone="error">
      <p role="alert" className="mt-2 text-slate-600">
        {message}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
          {texts.guard.retry}
        </button>
        <Link to={routes.admin.login} className={secondaryButton}>
          {texts.guard.goToLogin}
        </Link>
      </div>
    </Screen>
  );
}

/** Signed in, but without an active administrator record. */
export function AccessDeniedScreen() {
  const { signingOut: busy, signOut: handleSignOut } = useSignOut();
  return (
    <Screen title={texts.guard.accessDeniedTitle} tone="denied">
      <p className="mt-2 text-slate-600">{texts.guard.accessDeniedText}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void handleSignOut()}>
          {texts.guard.signOut}
        </button>
        <Link to={routes.home} className={secondaryButton}>
          {texts.guard.returnHome}
        </Link>
      </div>
    </Screen>
  );
}
