import {
  $cartCount,
  $customer,
  $sessionReady,
  $wishlistCount,
  openOverlay,
  useClientStore,
} from '@prepper/shared';
import { useId } from 'react';
import { prefetchOverlay } from '../../lib/overlay-intent';
import { texts } from '../../texts';
import { HeartIcon, MagnifyingGlassIcon, ShoppingCartIcon, UserIcon } from '@heroicons/react/24/outline';

const actionClass =
  'relative inline-flex h-10 items-center justify-center gap-2 rounded-lg px-2.5 text-slate-700 hover:bg-slate-100 hover:text-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600';

export function SearchButton() {
  return (
    <button
      type="button"
      className={actionClass}
      title={texts.header.searchHint}
      onClick={() => openOverlay('search')}
      onPointerEnter={() => prefetchOverlay('search')}
      onFocus={() => prefetchOverlay('search')}
    >
      <MagnifyingGlassIcon className="h-5 w-5" />
      <span className="sr-only">{texts.header.search}</span>
    </button>
  );
}

/**
 * 'Sign In', or 'Hi, {first name}' once a customer is signed in; opens the auth overlay either way. A
 * heart badge counts the wishlist (the visitor's or the customer's), described for assistive technology.
 */
export function AccountButton() {
  // The server renders the signed-out header with nothing saved; the browser shows the visitor's after hydrating.
  const customer = useClientStore($customer, null);
  const saved = useClientStore($wishlistCount, 0);
  const countId = useId();
  // Until the stored session has been read the label stays transparent (still named for assistive
  // technology), so a signed-in customer does not see 'Sign In' flash before 'Hi, {first name}'.
  const ready = useClientStore($sessionReady, false);
  const label = customer ? texts.header.greeting(customer.firstName) : texts.header.signIn;
  return (
    <button
      type="button"
      className={actionClass}
      onClick={() => openOverlay('auth')}
      onPointerEnter={() => prefetchOverlay('auth')}
      onFocus={() => prefetchOverlay('auth')}
      aria-describedby={saved > 0 ? countId : undefined}
    >
      <UserIcon className="h-5 w-5" />
      <span className={`sr-only text-sm font-medium sm:not-sr-only ${ready ? '' : 'opacity-0'}`}>
        {label}
      </span>
      {saved > 0 ? (
        <>
          <span
            data-testid="wishlist-badge"
            aria-hidden="true"
            className="absolute -top-0.5 left-5 flex h-4 min-w-4 items-center justify-center gap-0.5 rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white"
          >
            <HeartIcon className="h-2.5 w-2.5" fill="currentColor" stroke="none" />
            {saved > 99 ? '99+' : saved}
          </span>
          <span id={countId} hidden>
            {texts.header.wishlistCount(saved)}
          </span>
        </>
      ) : null}
    </button>
  );
}

/** The cart button and its live item-count badge (sum of quantities). */
export function CartButton() {
  const count = useClientStore($cartCount, 0);
  return (
    <button
      type="button"
      className={actionClass}
      aria-label={texts.header.cartLabel(count)}
      onClick={() => openOverlay('cart')}
      onPointerEnter={() => prefetchOverlay('cart')}
      onFocus={() => prefetchOverlay('cart')}
    >
      <ShoppingCartIcon className="h-6 w-6" />
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-orange-600 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}
