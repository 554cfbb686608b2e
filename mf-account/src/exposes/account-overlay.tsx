import '../styles.css';
import { useStore } from '@nanostores/react';
import { $customer, $overlays, $wishlistCount, closeOverlay, type ExposeComponent } from '@prepper/shared';
import { CloseButton, Dialog } from '@prepper/shared/ui';
import { useState } from 'react';
import { AccountView } from '../features/account/components/account-view';
import { AuthForm } from '../features/auth/components/auth-form';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { WishlistPanel } from '../features/wishlist/components/wishlist-panel';
import { texts } from '../texts';

/**
 * The account overlay: a modal that opens while `$overlays.auth` is
 * true, with sign-in / create-account for visitors and the account view for a signed-in customer
 * (`$customer`). Takes no props.
 */
function AccountOverlay() {
  const { auth: open } = useStore($overlays);
  const customer = useStore($customer);
  const saved = useStore($wishlistCount);
  const [view, setView] = useState<'main' | 'wishlist' | 'forgot'>('main');
  const [forgotEmail, setForgotEmail] = useState('');
  const close = () => {
    closeOverlay('auth');
    setView('main');
  };
  return (
    <Dialog open={open} onClose={close} label={texts.dialogLabel} variant="modal">
      <div className="flex justify-end p-2">
        <CloseButton label={texts.close} onClick={close} />
      </div>
      {view === 'forgot' && !customer ? (
        <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setView('main')} />
      ) : view === 'wishlist' ? (
        <WishlistPanel
          signedIn={customer !== null}
          onBack={() => setView('main')}
          onSignIn={() => setView('main')}
          onNavigate={close}
        />
      ) : customer ? (
        <AccountView customer={customer} onClose={close} onOpenWishlist={() => setView('wishlist')} />
      ) : (
        <>
          <AuthForm
            onSuccess={close}
            onForgotPassword={(email) => {
              setForgotEmail(email);
              setView('forgot');
            }}
          />
          {saved > 0 ? (
            <div className="px-6 pb-6">
              <button
                type="button"
                onClick={() => setView('wishlist')}
                className="w-full rounded-lg border border-slate-200 px-4 py-3 text-left text-sm font-medium text-slate-800 hover:border-orange-300 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600"
              >
                {texts.yourWishlist(saved)}
              </button>
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

export default AccountOverlay satisfies ExposeComponent<'account', 'AccountOverlay'>;
