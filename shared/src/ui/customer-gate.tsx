import type { ReactNode } from 'react';
import { SignInRequired, type SignInRequiredProps } from './sign-in-required';
import { Spinner } from './spinner';

export interface CustomerGateProps {
  /** `$sessionReady`: false until the stored session has been read. */
  ready: boolean;
  /** Whether `$customer` is set. */
  signedIn: boolean;
  loadingLabel: string;
  /** What a visitor is told, and how the account overlay opens. */
  signIn: SignInRequiredProps;
  children: ReactNode;
}

/**
 * A customer-only page: a spinner until the session is known, the sign-in prompt (with the account
 * overlay opened) for a visitor, and the page for a customer. The stores come in as props because this
 * entry is bundled into each remote (the bus must come from the shared '@prepper/shared' singleton).
 */
export function CustomerGate({ ready, signedIn, loadingLabel, signIn, children }: CustomerGateProps) {
  if (!ready) return <Spinner label={loadingLabel} className="min-h-[50vh]" />;
  if (!signedIn) return <SignInRequired {...signIn} />;
  return <>{children}</>;
}
