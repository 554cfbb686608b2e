import { routes, toast } from '@prepper/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { texts } from '../../../texts';
import { signOut } from '../api/sign-out';

/** Signs the administrator out, says so, and returns to the login page; `signingOut` while it runs. */
export function useSignOut() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      toast.success(texts.layout.signedOut);
      navigate(routes.admin.login, { replace: true });
    } catch {
      toast.error(texts.layout.signOutFailed);
    } finally {
      setSigningOut(false);
    }
  };
  return { signingOut, signOut: handleSignOut };
}
