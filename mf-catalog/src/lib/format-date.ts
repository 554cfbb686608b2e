/**
 * A date as 'January 15, 2024', in UTC: the server and the browser (in any time zone) write the same
 * text, so a server-rendered page hydrates without a mismatch.
 */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
