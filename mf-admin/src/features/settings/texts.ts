/** The store settings page's texts. */
export const settingsTexts = {
  title: 'Settings',
  subtitle: 'The rules the shop runs by. Changes apply at once and are recorded in the audit log.',
  loading: 'Loading the settings...',
  loadFailed: 'The settings could not be loaded.',
  retry: 'Try again',
  sections: {
    store: 'Store',
    contact: 'Contact details',
    money: 'Shipping and tax',
    stock: 'Stock alerts',
    orders: 'Orders and checkout',
    emergency: 'Emergency mode',
    mail: 'E-mails and sign-ups',
  },
  save: 'Save Settings',
  saving: 'Saving...',
  saved: 'Settings saved',
  saveFailed: (reason: string) => `The settings could not be saved: ${reason}`,
  invalid: 'Some settings are not valid. Please correct the highlighted fields.',
  history: 'History',
  historyLabel: 'History of the store settings',
} as const;
