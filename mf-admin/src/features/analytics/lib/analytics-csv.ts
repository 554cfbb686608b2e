import Papa from 'papaparse';

/**
 * A table as CSV (papaparse: quoting and escaping as RFC 4180 says), a header row and CRLF line ends; a
 * cell starting with =, +, - or @ is escaped against formula injection when the file is opened in a
 * spreadsheet (a product named "=HYPERLINK(…)" stays text). Numbers are written as they are.
 */
export function tableCsv(
  fields: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return Papa.unparse(
    { fields: [...fields], data: rows.map((row) => row.map((cell) => (cell === null ? '' : cell))) },
    { newline: '\r\n', escapeFormulae: true },
  );
}

/** Hands the file to the browser's download. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  URL.revokeObjectURL(url);
}
