import AccountOverlay from '../exposes/account-overlay';

export function StandaloneApp() {
  return <AccountOverlay />;
}
