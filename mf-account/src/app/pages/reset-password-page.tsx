import { useStore } from '@nanostores/react';
import { $customer, $sessionReady, routes } from '@prepper/shared';
import { PRIMARY_ACTION, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { texts } from '../../texts';

/** The error the auth service put into the link's redirect (query for PKCE, fragment for implicit). */
function linkError(): string | null {
  const query = new URLSearchParams(window.location.search);
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return query.get('error_code') ?? fragment.get('error_code') ?? query.get('error') ?? fragment.get('error');
}

/**
 * /account/reset-password, where the reset e-mail's link leads: the auth client has turned the link
 * into a (recovery) session by the time the session is known; then a new password is set. A used or
 * expired link, or no link at all, says so and offers a new one.
 */
export function ResetPasswordPage() {
  useDocumentTitle(texts.reset.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);
  // Read once: the auth client removes the link's parameters from the address.
  const [error] = useState(linkError);
  const [saved, setSaved] = useState(false);

  let body;
  if (saved) {
    body = (
      <div role="status" className="rounded-xl bg-green-50 p-6 text-green-900">
        <p>{texts.reset.saved}</p>
        <Link to={routes.home} className={`mt-4 ${PRIMARY_ACTION}`}>
          {texts.reset.continueShopping}
        </Link>
      </div>
    );
  } else if (!ready && !error) {
    body = <Spinner label={texts.reset.checking} />;
  } else if (error || !customer) {
    body = (
      <>
        <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
          <h2 className="font-semibold">{texts.reset.expiredTitle}</h2>
          <p className="mt-1">{error ? texts.reset.expired : texts.reset.missing}</p>
        </div>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white">
          <ForgotPasswordForm initialEmail="" onBack={() => window.history.back()} />
        </div>
      </>
    );
  } else {
    body = <NewPasswordForm onSaved={() => setSaved(true)} />;
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.reset.title}</h1>
      <p className="mt-1 mb-6 text-slate-600">{texts.reset.lead}</p>
      {body}
    </div>
  );
}
