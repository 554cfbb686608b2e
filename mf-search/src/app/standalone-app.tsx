import SearchOverlay from '../exposes/search-overlay';

export function StandaloneApp() {
  return <SearchOverlay />;
}
