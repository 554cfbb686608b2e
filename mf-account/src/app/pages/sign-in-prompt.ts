import { openOverlay } from '@prepper/shared';
import type { SignInRequiredProps } from '@prepper/shared/ui';
import { texts } from '../../texts';

/** What the order pages tell a visitor; the account overlay (this remote's own) opens through the bus. */
export const ordersSignIn: SignInRequiredProps = {
  title: texts.orders.signInTitle,
  lead: texts.orders.signInLead,
  actionLabel: texts.orders.signInAction,
  onSignIn: () => openOverlay('auth'),
};

/** What the settings page tells a visitor. */
export const settingsSignIn: SignInRequiredProps = {
  title: texts.settings.signInTitle,
  lead: texts.settings.signInLead,
  actionLabel: texts.orders.signInAction,
  onSignIn: () => openOverlay('auth'),
};

/** What My Supplies tells a visitor. */
export const suppliesSignIn: SignInRequiredProps = {
  title: texts.supplies.signInTitle,
  lead: texts.supplies.signInLead,
  actionLabel: texts.orders.signInAction,
  onSignIn: () => openOverlay('auth'),
};
