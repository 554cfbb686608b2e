import {
  KIT_DURATIONS,
  KIT_NEEDS,
  kitDays,
  MAX_HOUSEHOLD_MEMBERS,
  SUPPLY_KIND_LABELS,
  type KitNeed,
  type KitPlan,
} from '@prepper/shared/kit';
import { useId, useState, type FormEvent } from 'react';
import { kitTexts } from '../texts';

const t = kitTexts.form;
const MEMBERS = ['adults', 'children', 'pets'] as const;
type Member = (typeof MEMBERS)[number];

interface Draft {
  counts: Record<Member, string>;
  duration: KitPlan['duration'];
  needs: KitNeed[];
  mode: KitPlan['mode'];
}

type DraftErrors = Partial<Record<Member | 'household' | 'needs', string>>;

const countOf = (text: string): number | null =>
  /^\d+$/.test(text.trim()) && Number(text) <= MAX_HOUSEHOLD_MEMBERS ? Number(text) : null;

function draftOf(plan: KitPlan): Draft {
  return {
    counts: { adults: String(plan.adults), children: String(plan.children), pets: String(plan.pets) },
    duration: plan.duration,
    needs: plan.needs,
    mode: plan.mode,
  };
}

function validate(draft: Draft): { plan: KitPlan | null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const counts = {} as Record<Member, number>;
  for (const member of MEMBERS) {
    const count = countOf(draft.counts[member]);
    if (count === null) errors[member] = kitTexts.errors.count(t[member], MAX_HOUSEHOLD_MEMBERS);
    else counts[member] = count;
  }
  if (!errors.adults && !errors.children && counts.adults + counts.children === 0)
    errors.household = kitTexts.errors.nobody;
  if (draft.needs.length === 0) errors.needs = kitTexts.errors.noNeeds;
  if (Object.keys(errors).length > 0) return { plan: null, errors };
  return {
    plan: { ...counts, duration: draft.duration, needs: draft.needs, mode: draft.mode },
    errors,
  };
}

const FIELDSET = 'rounded-xl border border-slate-200 p-4';
const LEGEND = 'px-1 font-semibold text-slate-900';
const CHOICE = 'flex items-center gap-2 py-1 text-slate-800';

/**
 * The household, the duration, the needs and how to choose, as a GET form: sent without script it is
 * the address the server renders; with script it checks what was typed and hands the plan on.
 */
export function KitForm({ plan, onSubmit }: { plan: KitPlan; onSubmit: (plan: KitPlan) => void }) {
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [errors, setErrors] = useState<DraftErrors>({});
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(draft);
    setErrors(result.errors);
    if (result.plan) onSubmit(result.plan);
  }

  const toggleNeed = (need: KitNeed, checked: boolean) =>
    setDraft((current) => ({
      ...current,
      needs: checked
        ? KIT_NEEDS.filter((n) => n === need || current.needs.includes(n))
        : current.needs.filter((n) => n !== need),
    }));

  const messages = Object.values(errors);
  return (
    <form method="get" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`} className="space-y-5">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {t.heading}
      </h2>
      {messages.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <ul className="list-inside list-disc">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className={FIELDSET} aria-describedby={errors.household ? `${id}-household` : undefined}>
        <legend className={LEGEND}>{t.who}</legend>
        <div className="grid grid-cols-3 gap-3">
          {MEMBERS.map((member) => (
            <div key={member}>
              <label htmlFor={`${id}-${member}`} className="block text-sm font-medium text-slate-700">
                {t[member]}
              </label>
              <input
                id={`${id}-${member}`}
                name={member}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_HOUSEHOLD_MEMBERS}
                value={draft.counts[member]}
                aria-invalid={errors[member] ? true : undefined}
                aria-describedby={errors[member] ? `${id}-${member}-error` : undefined}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    counts: { ...current.counts, [member]: event.target.value },
                  }))
                }
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-red-500"
              />
              {errors[member] && (
                <p id={`${id}-${member}-error`} className="mt-1 text-xs text-red-700">
                  {errors[member]}
                </p>
              )}
            </div>
          ))}
        </div>
        {errors.household && (
          <p id={`${id}-household`} className="mt-2 text-sm text-red-700">
            {errors.household}
          </p>
        )}
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t.howLong}</legend>
        {KIT_DURATIONS.map((duration) => (
          <label key={duration.key} className={CHOICE}>
            <input
              type="radio"
              name="days"
              value={kitDays(duration.key)}
              checked={draft.duration === duration.key}
              onChange={() => setDraft((current) => ({ ...current, duration: duration.key }))}
              className="h-4 w-4 accent-orange-600"
            />
            {duration.label}
          </label>
        ))}
      </fieldset>
      <fieldset className={FIELDSET} aria-describedby={errors.needs ? `${id}-needs` : undefined}>
        <legend className={LEGEND}>{t.cover}</legend>
        <div className="grid grid-cols-2 gap-x-4">
          {KIT_NEEDS.map((need) => (
            <label key={need} className={CHOICE}>
              <input
                type="checkbox"
                name="cover"
                value={need}
                checked={draft.needs.includes(need)}
                onChange={(event) => toggleNeed(need, event.target.checked)}
                className="h-4 w-4 accent-orange-600"
              />
              {SUPPLY_KIND_LABELS[need]}
            </label>
          ))}
        </div>
        {errors.needs && (
          <p id={`${id}-needs`} className="mt-2 text-sm text-red-700">
            {errors.needs}
          </p>
        )}
      </fieldset>
      <fieldset className={FIELDSET}>
        <legend className={LEGEND}>{t.chooseBy}</legend>
        {(
          [
            ['price', t.byPrice],
            ['rating', t.byRating],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode} className={CHOICE}>
            <input
              type="radio"
              name="by"
              value={mode}
              checked={draft.mode === mode}
              onChange={() => setDraft((current) => ({ ...current, mode }))}
              className="h-4 w-4 accent-orange-600"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="w-full rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white transition hover:bg-orange-700"
      >
        {t.submit}
      </button>
    </form>
  );
}
