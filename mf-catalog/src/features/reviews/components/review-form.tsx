import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { reviewTexts } from '../texts';
import { REVIEW_LIMITS, type Review, type ReviewInput } from '../api/review';

const t = reviewTexts.form;

/** The first problem with the form's values, in the database's own words, or null. */
export function reviewInputError(input: ReviewInput): string | null {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!(input.rating >= 1 && input.rating <= 5)) return t.errors.rating;
  if (title === '') return t.errors.titleEmpty;
  if (title.length > REVIEW_LIMITS.titleMax) return t.errors.titleLong(REVIEW_LIMITS.titleMax);
  if (body === '') return t.errors.bodyEmpty;
  if (body.length < REVIEW_LIMITS.bodyMin) return t.errors.bodyShort(REVIEW_LIMITS.bodyMin);
  if (body.length > REVIEW_LIMITS.bodyMax) return t.errors.bodyLong(REVIEW_LIMITS.bodyMax);
  return null;
}

export interface ReviewFormProps {
  /** The review being edited, or null for a new one. */
  existing: Review | null;
  /** Saves the checked review. */
  onSubmit: (input: ReviewInput) => void;
  /** While the save runs: the button waits. */
  saving?: boolean;
  /** Why the last save failed: its message shows in the form and nothing typed is lost. */
  failure?: unknown;
  onCancel: () => void;
}

/** Writing or editing a review: star rating, title and text, checked here and again by the database. */
export function ReviewForm({ existing, onSubmit, saving = false, failure, onCancel }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [title, setTitle] = useState(existing?.title ?? '');
  const [body, setBody] = useState(existing?.body ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const error =
    problem ?? (failure === undefined ? null : failure instanceof Error ? failure.message : String(failure));
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { rating, title: title.trim(), body: body.trim() };
    const found = reviewInputError(input);
    setProblem(found);
    if (!found) onSubmit(input);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6"
    >
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {existing ? t.editTitle : t.newTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t.moderationNote}</p>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-900">{t.rating}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <label key={stars} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-rating`}
                value={stars}
                checked={rating === stars}
                onChange={() => setRating(stars)}
                className="peer sr-only"
                aria-label={t.ratingOption(stars)}
              />
              <span
                aria-hidden="true"
                className={`block rounded px-0.5 text-3xl leading-none peer-focus-visible:ring-2 peer-focus-visible:ring-orange-500 ${
                  stars <= rating ? 'text-amber-400' : 'text-slate-300'
                }`}
              >
                ★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-title`} className="text-sm font-medium text-slate-900">
            {t.title}
          </label>
          <span className="text-xs text-slate-500" aria-hidden="true">
            {t.counter(title.trim().length, REVIEW_LIMITS.titleMax)}
          </span>
        </div>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-orange-500 focus:ring-2 focus:ring-orange-500 focus:outline-none"
        />
      </div>
      <div className="mt-4">
        <div className="flex items-baseline justify-between">
          <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-900">
            {t.body}
          </label>
          <span className="text-xs text-slate-500" aria-hidden="true">
            {t.counter(body.trim().length, REVIEW_LIMITS.bodyMax)}
          </span>
        </div>
        <textarea
          id={`${id}-body`}
          rows={5}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 focus:border-orange-500 focus:ring-2 focus:ring-orange-500 focus:outline-none"
        />
      </div>
      <p role="alert" className="mt-3 min-h-5 text-sm font-medium text-red-700">
        {error}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-orange-600 px-4 py-2 font-semibold text-white hover:bg-orange-700 disabled:opacity-60"
        >
          {saving ? t.saving : existing ? t.save : t.submit}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
        >
          {reviewTexts.cancel}
        </button>
      </div>
    </form>
  );
}
