import '../styles.css';
import { useStore } from '@nanostores/react';
import { $customer, $overlays, closeOverlay, type ExposeComponent } from '@prepper/shared';
import { Dialog } from '@prepper/shared/ui';
import { AccountView } from '../features/account/components/account-view';
import { AuthForm } from '../features/auth/components/auth-form';
import { texts } from '../texts';

/**
 * The account overlay (SPEC section 2, "Auth overlay"): a modal that opens while `$overlays.auth` is
 * true, with sign-in / create-account for visitors and the account view for a signed-in customer
 * (`$customer`). Takes no props.
 */
function AccountOverlay() {
  const { auth: open } = useStore($overlays);
  const customer = useStore($customer);
  const close = () => closeOverlay('auth');
  return (
    <Dialog open={open} onClose={close} label={texts.dialogLabel} variant="modal">
      <div className="flex justify-end p-2">
        <button
          type="button"
          onClick={close}
          aria-label={texts.close}
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-600"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M6 18L18 6M6 6l12 12" />
          </svg>
        </button>
      </div>
      {customer ? <AccountView customer={customer} onClose={close} /> : <AuthForm onSuccess={close} />}
    </Dialog>
  );
}

export default AccountOverlay satisfies ExposeComponent<'account', 'AccountOverlay'>;
