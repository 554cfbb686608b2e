import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import AdminApp from '../exposes/admin-app';
import { StandaloneToaster } from './standalone-toaster';

/** The back office on its own (pnpm dev in mf-admin): the expose under /admin/*, as the shell mounts it. */
export function StandaloneApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
      <StandaloneToaster />
    </BrowserRouter>
  );
}
