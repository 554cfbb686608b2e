import AdminApp from '../exposes/admin-app';

export function StandaloneApp() {
  return <AdminApp />;
}
