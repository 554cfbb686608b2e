import { addressOneLine, type SavedAddress } from '@prepper/shared/orders';
import { texts } from '../../../texts';

const optionCard =
  'flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 has-[:checked]:border-orange-500 has-[:checked]:bg-orange-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-600';

/** Which address an order goes to: one of the address book's (the default first) or a new one. */
export type AddressChoice = { kind: 'saved'; id: string } | { kind: 'new' };

interface SavedAddressPickerProps {
  addresses: readonly SavedAddress[];
  choice: AddressChoice;
  disabled: boolean;
  onChoose: (choice: AddressChoice) => void;
}

/** The customer's saved addresses as radio cards, and "Use a new address". */
export function SavedAddressPicker({ addresses, choice, disabled, onChoose }: SavedAddressPickerProps) {
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 text-sm font-medium text-slate-700">{texts.checkout.savedAddresses}</legend>
      <div className="space-y-2">
        {addresses.map((address) => (
          <label key={address.id} className={optionCard}>
            <input
              type="radio"
              name="saved_address"
              value={address.id}
              checked={choice.kind === 'saved' && choice.id === address.id}
              disabled={disabled}
              onChange={() => onChoose({ kind: 'saved', id: address.id })}
              className="mt-1 h-4 w-4 accent-orange-600"
            />
            <span className="text-sm text-slate-800">
              {addressOneLine(address)}
              {address.isDefault ? (
                <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                  {texts.checkout.defaultAddress}
                </span>
              ) : null}
            </span>
          </label>
        ))}
        <label className={optionCard}>
          <input
            type="radio"
            name="saved_address"
            value="new"
            checked={choice.kind === 'new'}
            disabled={disabled}
            onChange={() => onChoose({ kind: 'new' })}
            className="mt-1 h-4 w-4 accent-orange-600"
          />
          <span className="text-sm font-medium text-slate-800">{texts.checkout.newAddress}</span>
        </label>
      </div>
    </fieldset>
  );
}
