import { routes, toast } from '@prepper/shared';
import { Dialog } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkForm, deleteAccountSchema } from '../../../lib/forms';
import { texts } from '../../../texts';
import { PasswordField } from '../../../components/password-field';
import { deleteAccountMutation, DeletionRefused } from '../api/delete-account';
import { FormMessage, SettingsSection } from './settings-section';

const t = texts.settings.remove;

/** Delete my account: explained here, confirmed with the password in a dialog, done by the database. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate, busy } = deleteAccountMutation.use();
  const navigate = useNavigate();

  function close() {
    if (busy) return;
    setOpen(false);
    setPassword('');
    setError(undefined);
    setFailure(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const checked = checkForm(deleteAccountSchema, { password });
    if (!checked.ok) {
      setError(checked.errors.password);
      return;
    }
    const outcome = await mutate(checked.value.password);
    if (outcome.skipped) return;
    if (outcome.ok) {
      toast.success(t.done);
      navigate(routes.home);
      return;
    }
    setFailure(outcome.error instanceof DeletionRefused ? t.wrongPassword : texts.genericError);
  }

  return (
    <SettingsSection title={t.title} lead={t.lead} tone="danger">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-red-300 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        {t.open}
      </button>
      <Dialog open={open} onClose={close} label={t.dialogTitle} variant="modal">
        {open ? (
          <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-6">
            <h2 className="text-xl font-bold text-slate-900">{t.dialogTitle}</h2>
            <p className="text-sm text-slate-600">{t.dialogLead}</p>
            <PasswordField
              label={t.password}
              name="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              error={error}
              disabled={busy}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
                setFailure(null);
              }}
            />
            {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                onClick={close}
                disabled={busy}
                className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-orange-600"
              >
                {t.cancel}
              </button>
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-red-600 px-4 py-2.5 font-semibold text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
              >
                {busy ? t.deleting : t.confirm}
              </button>
            </div>
          </form>
        ) : null}
      </Dialog>
    </SettingsSection>
  );
}
