import { addressOneLine, type SavedAddress } from '@prepper/shared/orders';
import { useRef, useState } from 'react';
import { texts } from '../../../texts';
import { useDeleteAddress, useMakeDefaultAddress } from '../api/change-address';
import { addressesQuery, useAddresses } from '../api/get-addresses';
import { AddressForm } from './address-form';

const t = texts.addresses;
const SMALL_BUTTON =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:opacity-60';

/** Which form is open: none, a new address, or the address being edited. */
type Editing = null | 'new' | SavedAddress;

/**
 * The address book on /account/settings: the saved addresses (the default first and marked), each with
 * Edit, Delete and Make default; Add address opens the form in place. Checkout offers the same list.
 */
export function AddressBook({ customerId }: { customerId: string }) {
  const addresses = useAddresses(customerId);
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const removing = useDeleteAddress();
  const defaulting = useMakeDefaultAddress();
  const addButton = useRef<HTMLButtonElement>(null);
  const failure = removing.error ?? defaulting.error;

  function closeForm(saved: boolean) {
    setEditing(null);
    setMessage(saved ? t.saved : null);
    // The focus goes back to where the form was opened from.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  if (addresses.status === 'error')
    return (
      <div role="alert" className="text-sm text-red-700">
        <p>{t.loadFailed}</p>
        <button type="button" className={`mt-2 ${SMALL_BUTTON}`} onClick={() => addressesQuery.invalidate()}>
          {t.retry}
        </button>
      </div>
    );
  // While it is asked again (after a change) the list loaded before stays.
  const list = addresses.status === 'success' || addresses.status === 'loading' ? addresses.data : undefined;
  if (!list)
    return (
      <p role="status" className="text-sm text-slate-600">
        {t.loading}
      </p>
    );

  const busy = removing.busy || defaulting.busy;
  return (
    <div>
      {list.length === 0 ? <p className="text-sm text-slate-600">{t.empty}</p> : null}
      <ul className="space-y-3" aria-label={t.title}>
        {list.map((address) => {
          const line = addressOneLine(address);
          return (
            <li
              key={address.id}
              data-testid="saved-address"
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 p-3"
            >
              {editing !== null && editing !== 'new' && editing.id === address.id ? (
                <div className="w-full">
                  <AddressForm editing={address} onDone={closeForm} />
                </div>
              ) : (
                <>
                  <p className="min-w-0 text-sm text-slate-800">
                    {line}
                    <span className="block text-slate-500">{address.phone}</span>
                    {address.isDefault ? (
                      <span className="mt-1 inline-block rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                        {t.default}
                      </span>
                    ) : null}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={SMALL_BUTTON}
                      aria-label={t.edit(line)}
                      disabled={busy}
                      onClick={() => {
                        setMessage(null);
                        setEditing(address);
                      }}
                    >
                      {t.editLabel}
                    </button>
                    {address.isDefault ? null : (
                      <button
                        type="button"
                        className={SMALL_BUTTON}
                        aria-label={t.makeDefault(line)}
                        disabled={busy}
                        onClick={() =>
                          void defaulting.mutate(address.id).then((outcome) => {
                            if (outcome.ok) setMessage(t.defaultChanged);
                          })
                        }
                      >
                        {t.makeDefaultLabel}
                      </button>
                    )}
                    <button
                      type="button"
                      className={SMALL_BUTTON}
                      aria-label={t.remove(line)}
                      disabled={busy}
                      onClick={() =>
                        void removing.mutate(address.id).then((outcome) => {
                          if (outcome.ok) setMessage(t.removed);
                          addButton.current?.focus();
                        })
                      }
                    >
                      {t.removeLabel}
                    </button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {editing === 'new' ? (
        <div className="mt-4">
          <AddressForm editing={null} onDone={closeForm} />
        </div>
      ) : null}
      {failure === undefined ? null : (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {t.failed}
        </p>
      )}
      {message ? (
        <p role="status" className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800">
          {message}
        </p>
      ) : null}
      {editing === null ? (
        <button
          ref={addButton}
          type="button"
          className={`mt-4 ${SMALL_BUTTON}`}
          onClick={() => {
            setMessage(null);
            setEditing('new');
          }}
        >
          {t.add}
        </button>
      ) : null}
    </div>
  );
}
