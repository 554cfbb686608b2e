import { texts } from '../../../texts';
import { useContinueAsGuest } from '../api/continue-as-guest';

function guestProblem(error: unknown): string {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 429 ? texts.checkout.guestTooMany : texts.checkout.guestFailed;
}

/**
 * "Continue as guest" under the checkout's sign-in prompt: an anonymous sign-in, after which the
 * checkout shows (the session store learns of the guest and the page renders the guest checkout).
 */
export function ContinueAsGuest() {
  const { mutate, busy, error } = useContinueAsGuest();
  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <p className="text-sm text-slate-600">{texts.checkout.guestLead}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void mutate()}
        className="mt-3 rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60"
      >
        {busy ? texts.checkout.continuingAsGuest : texts.checkout.continueAsGuest}
      </button>
      {error === undefined ? null : (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {guestProblem(error)}
        </p>
      )}
    </div>
  );
}
