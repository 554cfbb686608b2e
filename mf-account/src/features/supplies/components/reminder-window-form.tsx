import { REMINDER_WINDOWS } from '@prepper/shared/supplies';
import { Spinner } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { texts } from '../../../texts';
import { useReminderWindow, useSetReminderWindow } from '../api/reminder-window';

const t = texts.reminders;
const choices = [...REMINDER_WINDOWS, 0] as const;

/** The rotation reminders' window: 30, 60 or 90 days before best-before, or off (a radio group). */
export function ReminderWindowForm() {
  const loaded = useReminderWindow(true);
  const [chosen, setChosen] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const { mutate, busy, error, reset } = useSetReminderWindow();

  if (loaded.status === 'error')
    return (
      <p role="alert" className="text-sm text-red-700">
        {t.loadFailed}
      </p>
    );
  if (loaded.data === undefined) return <Spinner label={texts.settings.loading} />;
  const value = chosen ?? loaded.data;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved((await mutate(value)).ok);
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t.title}>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t.legend}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {choices.map((days) => (
            <label
              key={days}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-orange-400 has-[:checked]:bg-orange-50"
            >
              <input
                type="radio"
                name="reminder-window"
                value={days}
                checked={value === days}
                onChange={() => {
                  setChosen(days);
                  setSaved(false);
                  reset();
                }}
                className="accent-orange-600"
              />
              {days === 0 ? t.off : t.option(days)}
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="mt-4 rounded-lg bg-orange-600 px-5 py-2.5 font-semibold text-white hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60"
      >
        {busy ? texts.settings.saving : t.save}
      </button>
      {saved ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {t.saved}
        </p>
      ) : null}
      {error !== undefined ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {t.failed}
        </p>
      ) : null}
    </form>
  );
}
