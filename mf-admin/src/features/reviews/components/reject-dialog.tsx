import { Dialog } from '@prepper/shared/ui';
import { useId, useState } from 'react';
import { buttonStyles, inputClass } from '../../../components';
import { reviewTexts } from '../texts';

const t = reviewTexts.rejectDialog;

export interface RejectDialogProps {
  /** How many reviews are being rejected; 0 closes the dialog. */
  count: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

function RejectForm({ count, busy, onConfirm, onCancel }: RejectDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="p-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() === '') {
          setError(t.required);
          return;
        }
        onConfirm(reason.trim());
      }}
    >
      <h2 className="text-lg font-semibold text-slate-900">{t.title(count)}</h2>
      <p className="mt-1 text-sm text-slate-600">{t.lead}</p>
      <label htmlFor={`${id}-reason`} className="mt-4 block text-sm font-medium text-slate-900">
        {t.reason}
      </label>
      <textarea
        id={`${id}-reason`}
        autoFocus
        rows={3}
        maxLength={500}
        value={reason}
        placeholder={t.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
        className={`${inputClass} mt-1`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          {t.cancel}
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-red-600 px-4 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60"
        >
          {t.confirm}
        </button>
      </div>
    </form>
  );
}

/** Asks for the reason of a rejection (one or many reviews) in a modal dialog. */
export function RejectDialog(props: RejectDialogProps) {
  return (
    <Dialog open={props.count > 0} onClose={props.onCancel} label={t.title(props.count)} variant="modal">
      <RejectForm {...props} />
    </Dialog>
  );
}
