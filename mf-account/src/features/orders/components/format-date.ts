const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
