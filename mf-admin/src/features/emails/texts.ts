/** Texts of the back office's e-mail preview. */
export const emailTexts = {
  title: 'E-mail templates',
  subtitle: 'Every e-mail the shop sends to customers, with sample data',
  link: 'E-mail templates',
  back: 'Back to Orders',
  choose: 'E-mail',
  subject: 'Subject',
  html: 'HTML part',
  text: 'Plain-text part',
  frameTitle: (label: string) => `Preview of the e-mail: ${label}`,
  loading: 'Loading the e-mail templates',
  loadFailed: 'The e-mail templates could not be loaded.',
  retry: 'Retry',
} as const;
