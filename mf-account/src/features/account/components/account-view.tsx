import { useStore } from '@nanostores/react';
import { $wishlistCount, routes, toast, type Customer } from '@prepper/shared';
import { SUPPLIES_PATH } from '@prepper/shared/supplies';
import { Link, useNavigate } from 'react-router-dom';
import { texts } from '../../../texts';
import { useSignOut } from '../api/sign-out';

const actionButton =
  'flex w-full items-center justify-between rounded-lg border border-slate-200 px-4 py-3 text-left font-medium text-slate-800 hover:border-orange-300 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600';

/** The signed-in view: welcome, name and e-mail, the account shortcuts and Sign Out. */
export function AccountView({
  customer,
  onClose,
  onOpenWishlist,
}: {
  customer: Customer;
  onClose: () => void;
  onOpenWishlist: () => void;
}) {
  const saved = useStore($wishlistCount);
  const navigate = useNavigate();
  const { mutate: signOutNow, busy, error: failed } = useSignOut();
  const fullName = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const initials = (customer.firstName.charAt(0) + customer.lastName.charAt(0)).toUpperCase() || '?';

  function openOrderHistory() {
    onClose();
    navigate(routes.accountOrders);
  }

  async function signOut() {
    if (!(await signOutNow()).ok) return;
    toast.success(texts.signedOut);
    onClose();
  }

  return (
    <div className="px-6 pb-6">
      <h2 className="text-2xl font-bold text-slate-900">{texts.account}</h2>
      <div className="mt-4 flex items-center gap-4 rounded-lg bg-slate-50 p-4">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-orange-600 text-lg font-bold text-white"
        >
          {initials}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{texts.welcome(customer.firstName)}</p>
          <p className="truncate font-semibold text-slate-900" data-testid="account-name">
            {fullName}
          </p>
          <p className="truncate text-sm text-slate-600" data-testid="account-email">
            {customer.email}
          </p>
        </div>
      </div>

      <ul className="mt-5 space-y-2">
        <li>
          <button type="button" className={actionButton} onClick={openOrderHistory}>
            {texts.orderHistory}
            <span aria-hidden="true" className="text-slate-400">
              ›
            </span>
          </button>
        </li>
        <li>
          <Link to={SUPPLIES_PATH} onClick={onClose} className={actionButton}>
            {texts.mySupplies}
            <span aria-hidden="true" className="text-slate-400">
              ›
            </span>
          </Link>
        </li>
        <li>
          <Link to={routes.accountSettings} onClick={onClose} className={actionButton}>
            {texts.accountSettings}
            <span aria-hidden="true" className="text-slate-400">
              ›
            </span>
          </Link>
        </li>
        {[{ label: texts.wishlist, action: onOpenWishlist, count: saved }].map(({ label, action, count }) => (
          <li key={label}>
            <button
              type="button"
              className={actionButton}
              onClick={action}
              aria-describedby={count ? 'account-wishlist-count' : undefined}
            >
              {label}
              <span className="flex items-center gap-2">
                {count ? (
                  <>
                    <span
                      aria-hidden="true"
                      data-testid="account-wishlist-count"
                      className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700"
                    >
                      {count}
                    </span>
                    <span id="account-wishlist-count" hidden>
                      {texts.wishlistCount(count)}
                    </span>
                  </>
                ) : null}
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {failed !== undefined ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {texts.genericError}
        </p>
      ) : null}

      <button
        type="button"
        onClick={signOut}
        disabled={busy}
        className="mt-5 w-full rounded-lg border border-red-200 py-3 font-semibold text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-orange-600 disabled:opacity-60"
      >
        {busy ? texts.signingOut : texts.signOut}
      </button>
    </div>
  );
}
