import HomePage from '../exposes/home-page';

export function StandaloneApp() {
  return <HomePage />;
}
