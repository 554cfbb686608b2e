import { useStore } from '@nanostores/react';
import { $customer, $sessionReady } from '@prepper/shared';
import { CustomerGate, useDocumentTitle } from '@prepper/shared/ui';
import { AddressBook } from '../../features/addresses/components/address-book';
import { DeleteAccountSection } from '../../features/settings/components/delete-account-section';
import { EmailSection } from '../../features/settings/components/email-section';
import { NameSection } from '../../features/settings/components/name-section';
import { PasswordSection } from '../../features/settings/components/password-section';
import { SettingsSection } from '../../features/settings/components/settings-section';
import { ReminderWindowForm } from '../../features/supplies/components/reminder-window-form';
import { texts } from '../../texts';
import { settingsSignIn } from './sign-in-prompt';

/**
 * /account/settings: the signed-in customer looks after their account. The page is a column of
 * sections (features/settings/components/settings-section.tsx), each on its own: add a section by
 * adding it to the list below, in the order customers should meet it.
 */
export function AccountSettingsPage() {
  useDocumentTitle(texts.settings.title);
  const ready = useStore($sessionReady);
  const customer = useStore($customer);

  return (
    <CustomerGate
      ready={ready}
      signedIn={customer !== null}
      loadingLabel={texts.settings.loading}
      signIn={settingsSignIn}
    >
      {customer ? (
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{texts.settings.title}</h1>
          <p className="mt-1 mb-6 text-slate-600">{texts.settings.lead}</p>
          <div className="space-y-6">
            <NameSection key={customer.id} customer={customer} />
            <EmailSection key={`email-${customer.id}`} customer={customer} />
            <PasswordSection key={`password-${customer.id}`} />
            <SettingsSection title={texts.addresses.title} lead={texts.addresses.lead}>
              <AddressBook key={customer.id} customerId={customer.id} />
            </SettingsSection>
            <SettingsSection title={texts.reminders.title} lead={texts.reminders.lead}>
              <ReminderWindowForm key={`reminders-${customer.id}`} />
            </SettingsSection>
            <DeleteAccountSection />
          </div>
        </div>
      ) : null}
    </CustomerGate>
  );
}
