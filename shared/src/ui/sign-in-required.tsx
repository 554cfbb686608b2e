import { UserIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, type ReactNode } from 'react';
import { PRIMARY_ACTION, PageMessage } from './page-message';

export interface SignInRequiredProps {
  title: string;
  lead: string;
  /** The button that opens the account overlay (again). */
  actionLabel: string;
  /**
   * Opens the account overlay: pass `() => openOverlay('auth')` from '@prepper/shared'. The ui entry is
   * bundled into each remote, so it must not import the bus itself (that would be a second, unshared store).
   */
  onSignIn: () => void;
  /** Another way on, under the sign-in button (the checkout's "Continue as guest"). */
  extra?: ReactNode;
}

/**
 * What a customer-only page shows a visitor: the account overlay opens once on arrival (sign in or create
 * an account there), and a button opens it again. The page itself re-renders for the customer once
 * `$customer` is set, so nothing the visitor had (the cart) is lost on the way.
 */
export function SignInRequired({ title, lead, actionLabel, onSignIn, extra }: SignInRequiredProps) {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    onSignIn();
  }, [onSignIn]);

  return (
    <PageMessage title={title} lead={lead} icon={<UserIcon className="h-7 w-7" />}>
      <button type="button" onClick={onSignIn} className={PRIMARY_ACTION}>
        {actionLabel}
      </button>
      {extra}
    </PageMessage>
  );
}
