import { Spinner } from '@prepper/shared/ui';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles, icons } from './icons';
import { PageHeader } from './page-header';

export interface FormPageProps {
  /** The heading: 'Add New X' or 'Edit X'. */
  title: string;
  /** The list the page came from: the back link and the cancel link. */
  back: { to: string; label: string };
  /** While the record being edited loads (the page shows a spinner with this label). */
  loading: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Classes of the form (its layout of sections). */
  className?: string;
  /** Links or buttons in the header (e.g. the record's history). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The one frame of the back office's form pages: header with the back link, loading, and the form. */
export function FormPage({
  title,
  back,
  loading,
  formRef,
  onSubmit,
  className,
  actions,
  children,
}: FormPageProps) {
  const header = (
    <PageHeader
      title={title}
      actions={actions}
      back={
        <Link to={back.to} className={buttonStyles.back}>
          <icons.arrowLeft />
          {back.label}
        </Link>
      }
    />
  );
  if (loading !== null) {
    return (
      <div>
        {header}
        <Spinner label={loading} />
      </div>
    );
  }
  return (
    <div>
      {header}
      <form ref={formRef} noValidate onSubmit={onSubmit} className={className}>
        {children}
      </form>
    </div>
  );
}

export interface FormButtonsProps {
  saving: boolean;
  /** Where cancel goes (the list). */
  cancelTo: string;
  texts: { submit: string; saving: string; cancel: string };
  /** `stack`: one above the other (a side column); `row`: side by side from sm up, submit last. */
  layout: 'stack' | 'row';
}

/** Submit (saying it is saving) and cancel of an admin form. */
export function FormButtons({ saving, cancelTo, texts, layout }: FormButtonsProps) {
  const submit = (
    <button type="submit" className={buttonStyles.primary} disabled={saving}>
      {saving ? texts.saving : texts.submit}
    </button>
  );
  const cancel = (
    <Link to={cancelTo} className={buttonStyles.secondary}>
      {texts.cancel}
    </Link>
  );
  return layout === 'stack' ? (
    <div className="flex flex-col gap-3">
      {submit}
      {cancel}
    </div>
  ) : (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancel}
      {submit}
    </div>
  );
}
