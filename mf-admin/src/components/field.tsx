import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** Base classes of admin text inputs, selects and text areas. */
export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-orange-500 focus:outline-none focus:ring-2 focus:ring-orange-500/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500';

export interface FieldProps {
  label: string;
  required?: boolean;
  hint?: string;
  error?: string | null;
  className?: string;
  /** Renders the control with the ids to wire: `id`, `aria-describedby`, `aria-invalid`. */
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}

/** A labelled form control with an optional hint and error message, wired for screen readers. */
export function Field({ label, required, hint, error, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="mb-1 flex gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a labelled control adds to its element's own attributes (`fieldClassName` styles the wrapper). */
type FieldControlProps<Attributes> = Omit<Attributes, 'id'> & {
  label: string;
  hint?: string;
  error?: string | null;
  fieldClassName?: string;
};

/**
 * A Field around one kind of control: the label, hint and error go to the Field, every other prop to the
 * element, with the Field's ids and the admin input classes.
 */
function fieldControl<Attributes extends { className?: string; required?: boolean }>(
  render: (attributes: Attributes) => ReactNode,
) {
  return function FieldControl({
    label,
    hint,
    error,
    required,
    fieldClassName,
    className = '',
    ...attributes
  }: FieldControlProps<Attributes>) {
    return (
      <Field label={label} hint={hint} error={error} required={required} className={fieldClassName}>
        {/* TypeScript cannot see that the rest of a generic Omit plus the taken-out props is the whole again. */}
        {(control) =>
          render({
            ...attributes,
            ...control,
            required,
            className: `${inputClass} ${className}`,
          } as unknown as Attributes)
        }
      </Field>
    );
  };
}

/** Field + <input>. */
export const InputField = fieldControl<InputHTMLAttributes<HTMLInputElement>>((input) => (
  <input {...input} />
));

/** Field + <textarea>. */
export const TextareaField = fieldControl<TextareaHTMLAttributes<HTMLTextAreaElement>>((textarea) => (
  <textarea {...textarea} />
));

/** Field + <select>; pass the <option>s as children. */
export const SelectField = fieldControl<SelectHTMLAttributes<HTMLSelectElement>>((select) => (
  <select {...select} />
));
