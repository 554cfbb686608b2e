import { parseIsoDate } from '@prepper/shared/lots';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function utc(isoDate: string): Date | null {
  const date = parseIsoDate(isoDate);
  return date ? new Date(Date.UTC(date.year, date.month - 1, date.day)) : null;
}

/** 'Jan 15, 2027' for '2027-01-15' (a calendar day, whatever the browser's time zone). */
export const formatDay = (isoDate: string) => {
  const date = utc(isoDate);
  return date ? day.format(date) : isoDate;
};

/** 'January 2027' for '2027-01-15'. */
export const formatMonth = (isoDate: string) => {
  const date = utc(isoDate);
  return date ? month.format(date) : isoDate;
};
