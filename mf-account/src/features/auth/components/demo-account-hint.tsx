import { DEMO_ACCOUNT, texts } from '../../../texts';

/** The sign-in form's note with the demo customer's credentials and a button that fills them in. */
export function DemoAccountHint({
  disabled,
  onUse,
}: {
  disabled: boolean;
  onUse: (email: string, password: string) => void;
}) {
  return (
    <div className="mt-4 rounded-lg border border-orange-200 bg-orange-50 px-4 py-3 text-sm text-orange-900">
      <p>
        <span className="font-semibold">{texts.demoHint}</span> {DEMO_ACCOUNT.email} / {DEMO_ACCOUNT.password}
      </p>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onUse(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)}
        className="mt-1 font-medium text-orange-700 underline hover:text-orange-800 focus-visible:outline-2 focus-visible:outline-orange-600"
      >
        {texts.useDemo}
      </button>
    </div>
  );
}
