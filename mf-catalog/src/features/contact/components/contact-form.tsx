import { useId, useState, type FormEvent } from 'react';
import { contactTexts } from '../texts';
import { useSendContactMessage, type ContactFormKind } from '../api/send-contact-message';

const t = contactTexts;

type Field = 'name' | 'email' | 'orderNumber' | 'organisation' | 'phone' | 'message';
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', email: '', orderNumber: '', organisation: '', phone: '', message: '' };

/** The shape of an address before the database's own check (a plain address, email_plain_normalised). */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The database's refusals (contact_message_send) by the field they are about. */
const SERVER_FIELD: Record<string, Field> = {
  'Please enter your name': 'name',
  'Your name can be at most 100 characters': 'name',
  'Please enter your e-mail address': 'email',
  'Please enter a valid e-mail address': 'email',
  'Please enter a valid order number': 'orderNumber',
  'The organisation can be at most 120 characters': 'organisation',
  'Please enter a valid phone number': 'phone',
  'Please enter a message': 'message',
  'Your message can be at most 5000 characters': 'message',
};

function check(kind: ContactFormKind, values: Values): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  const name = values.name.trim();
  if (!name) problems.name = t.nameRequired;
  else if (name.length > 100) problems.name = t.nameTooLong;
  const email = values.email.trim();
  if (!email) problems.email = t.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) problems.email = t.emailInvalid;
  if (
    kind === 'contact' &&
    values.orderNumber.trim() &&
    !/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/.test(values.orderNumber.trim())
  )
    problems.orderNumber = t.orderNumberInvalid;
  if (kind === 'bulk' && values.phone.trim() && !/^[0-9+() .-]{5,40}$/.test(values.phone.trim()))
    problems.phone = t.phoneInvalid;
  const message = values.message.trim();
  if (!message) problems.message = t.messageRequired;
  else if (message.length > 5000) problems.message = t.messageTooLong;
  return problems;
}

/**
 * The Contact Us form (name, e-mail, optional order number, message) or the Bulk Orders request form
 * (name, e-mail, optional organisation and phone, what is needed). Each field says what is wrong with it
 * and keeps what was typed; once sent, the form empties and thanks the visitor.
 */
export function ContactForm({ kind }: { kind: ContactFormKind }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState('');
  const [sent, setSent] = useState(false);
  const { mutate, busy } = useSendContactMessage();
  const copy = kind === 'bulk' ? t.bulk : t.contactUs;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = check(kind, values);
    setProblems(found);
    setGeneral('');
    setSent(false);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const result = await mutate({
      kind,
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
      ...(kind === 'contact'
        ? { orderNumber: values.orderNumber.trim() || undefined }
        : { organisation: values.organisation.trim() || undefined, phone: values.phone.trim() || undefined }),
    });
    if (result.ok) {
      setValues(EMPTY);
      setSent(true);
      return;
    }
    const message = result.error instanceof Error ? result.error.message : t.failed;
    const field = SERVER_FIELD[message];
    if (field) {
      setProblems({ [field]: message });
      document.getElementById(`${id}-${field}`)?.focus();
    } else setGeneral(message || t.failed);
  }

  function input(
    field: Field,
    label: string,
    options: { type?: string; autoComplete?: string; optional?: boolean; multiline?: boolean },
  ) {
    const fieldId = `${id}-${field}`;
    const errorId = `${fieldId}-error`;
    const problem = problems[field];
    const common = {
      id: fieldId,
      name: field,
      value: values[field],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? errorId : undefined,
      required: !options.optional,
      className:
        'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-orange-500 focus:outline-2 focus:outline-orange-500',
    };
    const change = (value: string) => {
      setValues((current) => ({ ...current, [field]: value }));
      if (problem) setProblems((current) => ({ ...current, [field]: undefined }));
    };
    return (
      <div className={options.multiline ? 'sm:col-span-2' : undefined}>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {label}
          {options.optional ? <span className="font-normal text-slate-500"> {t.optional}</span> : null}
        </label>
        {options.multiline ? (
          <textarea {...common} rows={6} maxLength={5000} onChange={(event) => change(event.target.value)} />
        ) : (
          <input
            {...common}
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
            onChange={(event) => change(event.target.value)}
          />
        )}
        {problem ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4 sm:grid-cols-2">
        {input('name', t.name, { autoComplete: 'name' })}
        {input('email', t.email, { type: 'email', autoComplete: 'email' })}
        {kind === 'contact' ? (
          input('orderNumber', t.orderNumber, { optional: true })
        ) : (
          <>
            {input('organisation', t.organisation, { autoComplete: 'organization', optional: true })}
            {input('phone', t.phone, { type: 'tel', autoComplete: 'tel', optional: true })}
          </>
        )}
        {input('message', copy.message, { multiline: true })}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white hover:bg-orange-700 disabled:opacity-70"
          >
            {busy ? t.sending : copy.submit}
          </button>
          {general ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {general}
            </p>
          ) : null}
          <p role="status" className="mt-3 min-h-6 text-sm font-medium text-green-800">
            {sent ? copy.thanks : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
