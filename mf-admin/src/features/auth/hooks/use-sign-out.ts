import { routes, toast } from '@prepper/shared';
import { useNavigate } from 'react-router-dom';
import { texts } from '../../../texts';
import { signOutMutation } from '../api/sign-out';

/** Signs the administrator out, says so, and returns to the login page; `signingOut` while it runs. */
export function useSignOut() {
  const navigate = useNavigate();
  const { mutate, busy: signingOut } = signOutMutation.use();
  const handleSignOut = async () => {
    const outcome = await mutate();
    if (outcome.skipped) return;
    if (!outcome.ok) {
      toast.error(texts.layout.signOutFailed);
      return;
    }
    toast.success(texts.layout.signedOut);
    navigate(routes.admin.login, { replace: true });
  };
  return { signingOut, signOut: handleSignOut };
}
