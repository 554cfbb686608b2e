import Papa from 'papaparse';
import { tableCsv } from './analytics-csv';

describe('tableCsv', () => {
  it('writes a header and the rows, which a CSV reader reads back unchanged', () => {
    const csv = tableCsv(
      ['product', 'units', 'revenue'],
      [
        ['Crank Radio, "Deluxe"', 3, 89.97],
        ['Water Filter', 1, null],
      ],
    );
    expect(csv.split('\r\n')[0]).toBe('product,units,revenue');
    expect(Papa.parse<string[]>(csv, { skipEmptyLines: true }).data).toEqual([
      ['product', 'units', 'revenue'],
      ['Crank Radio, "Deluxe"', '3', '89.97'],
      ['Water Filter', '1', ''],
    ]);
  });

  it('defuses a text cell a spreadsheet would run as a formula, and keeps negative numbers numbers', () => {
    const csv = tableCsv(['product', 'change'], [['=HYPERLINK("x")', -12]]);
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-12`);
  });
});
