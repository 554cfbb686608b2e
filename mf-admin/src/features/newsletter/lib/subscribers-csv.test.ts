import Papa from 'papaparse';
import { subscribersCsv } from './subscribers-csv';

describe('subscribersCsv', () => {
  it('writes a header and one row per subscriber that a CSV reader reads back unchanged', () => {
    const rows = [
      {
        email: 'jamie@example.com',
        subscribedAt: '2026-11-01T10:00:00Z',
        confirmedAt: '2026-11-01T10:05:00Z',
      },
      {
        email: 'o"neil,x@example.com',
        subscribedAt: '2026-11-02T10:00:00Z',
        confirmedAt: '2026-11-02T11:00:00Z',
      },
    ];
    const csv = subscribersCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('email,subscribed_at,confirmed_at');
    expect(csv).toContain('"o""neil,x@example.com"');
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ['email', 'subscribed_at', 'confirmed_at'],
      ['jamie@example.com', '2026-11-01T10:00:00Z', '2026-11-01T10:05:00Z'],
      ['o"neil,x@example.com', '2026-11-02T10:00:00Z', '2026-11-02T11:00:00Z'],
    ]);
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    const csv = subscribersCsv([{ email: '=cmd@example.com', subscribedAt: 'a', confirmedAt: 'b' }]);
    expect(csv.split('\r\n')[1]).toBe(`"'=cmd@example.com",a,b`);
  });
});
