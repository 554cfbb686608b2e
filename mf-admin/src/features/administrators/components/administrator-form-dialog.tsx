import { toast } from '@prepper/shared';
import { Dialog } from '@prepper/shared/ui';
import { useState, type FormEvent } from 'react';
import { InputField, SelectField } from '../../../components';
import {
  DEFAULT_PERMISSIONS,
  PERMISSIONS,
  permissionLabel,
  roleLabel,
  ADMIN_ROLES,
} from '../../../lib/permissions';
import { texts } from '../../../texts';
import type { Administrator } from '../api/administrator';
import { useCreateAdministrator } from '../api/create-administrator';
import { useUpdateAdministrator } from '../api/update-administrator';
import {
  MIN_ADMIN_PASSWORD_LENGTH,
  saveErrorMessage,
  validateAdministratorForm,
  type AdministratorFormValues,
} from '../lib/administrators';

export interface AdministratorFormDialogProps {
  open: boolean;
  /** The administrator to edit; null to add a new one. */
  administrator: Administrator | null;
  onClose: () => void;
  onSaved: () => void;
}

function initialValues(administrator: Administrator | null): AdministratorFormValues {
  if (!administrator) {
    return {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      role: 'admin',
      permissions: [...DEFAULT_PERMISSIONS],
      active: true,
    };
  }
  return {
    email: administrator.email ?? '',
    password: '',
    firstName: administrator.firstName ?? '',
    lastName: administrator.lastName ?? '',
    role: administrator.role,
    permissions: [...administrator.permissions],
    active: administrator.active,
  };
}

/** The add/edit modal. On edit, e-mail and names are read-only and the password is not touched. */
export function AdministratorFormDialog({
  open,
  administrator,
  onClose,
  onSaved,
}: AdministratorFormDialogProps) {
  const title = administrator ? 'Edit Administrator' : texts.administrators.add;
  return (
    <Dialog open={open} onClose={onClose} label={title} variant="modal" className="max-w-lg">
      <AdministratorForm
        key={administrator?.id ?? 'new'}
        title={title}
        administrator={administrator}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Dialog>
  );
}

function AdministratorForm({
  title,
  administrator,
  onClose,
  onSaved,
}: Omit<AdministratorFormDialogProps, 'open'> & { title: string }) {
  const mode = administrator ? 'edit' : 'create';
  const [values, setValues] = useState(() => initialValues(administrator));
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateAdministrator();
  const update = useUpdateAdministrator();
  const saving = create.busy || update.busy;
  const failure = create.error ?? update.error;
  const error = invalid ?? (failure === undefined ? null : saveErrorMessage(failure));

  const set = <K extends keyof AdministratorFormValues>(key: K, value: AdministratorFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const togglePermission = (permission: string, checked: boolean) =>
    set(
      'permissions',
      PERMISSIONS.filter((item) => (item === permission ? checked : values.permissions.includes(item))),
    );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAdministratorForm(values, mode);
    setInvalid(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    const outcome = administrator
      ? await update.mutate(administrator.id, {
          role: values.role,
          permissions: values.permissions,
          active: values.active,
        })
      : await create.mutate({
          email: values.email.trim(),
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          role: values.role,
          permissions: values.permissions,
          active: values.active,
        });
    if (outcome.skipped) return;
    if (!outcome.ok) {
      toast.error(saveErrorMessage(outcome.error));
      return;
    }
    toast.success(administrator ? texts.administrators.updated : texts.administrators.created);
    onSaved();
  };

  const readOnly = mode === 'edit';
  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="max-h-[85dvh] overflow-y-auto p-6"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {error}
        </p>
      ) : null}
      <div className="mt-4 space-y-4">
        <InputField
          label="Email"
          type="email"
          required
          autoComplete="off"
          readOnly={readOnly}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
        />
        {readOnly ? null : (
          <InputField
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            minLength={MIN_ADMIN_PASSWORD_LENGTH}
            hint={`At least ${MIN_ADMIN_PASSWORD_LENGTH} characters`}
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="First name"
            required={!readOnly}
            readOnly={readOnly}
            value={values.firstName}
            onChange={(event) => set('firstName', event.target.value)}
          />
          <InputField
            label="Last name"
            required={!readOnly}
            readOnly={readOnly}
            value={values.lastName}
            onChange={(event) => set('lastName', event.target.value)}
          />
        </div>
        <SelectField label="Role" value={values.role} onChange={(event) => set('role', event.target.value)}>
          {ADMIN_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Permissions</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-orange-600"
                  checked={values.permissions.includes(permission)}
                  onChange={(event) => togglePermission(permission, event.target.checked)}
                />
                {permissionLabel(permission)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 accent-orange-600"
            checked={values.active}
            onChange={(event) => set('active', event.target.checked)}
          />
          Active
        </label>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={saving}
          className="rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-700 disabled:opacity-60"
        >
          {saving ? 'Saving...' : administrator ? 'Update Administrator' : 'Create Administrator'}
        </button>
      </div>
    </form>
  );
}
