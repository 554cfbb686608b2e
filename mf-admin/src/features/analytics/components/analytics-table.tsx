import { useState, type ReactNode } from 'react';
import { buttonStyles, DataTable } from '../../../components';
import { downloadCsv, tableCsv } from '../lib/analytics-csv';

export interface AnalyticsColumn<Row> {
  /** The column's heading on the page. */
  label: string;
  /** Its name in the CSV's header row. */
  csv: string;
  align?: 'left' | 'right';
  /** The cell on the page. */
  cell: (row: Row) => ReactNode;
  /** The cell in the CSV (raw figures: numbers unformatted). */
  value: (row: Row) => string | number | null;
}

/**
 * A titled table of the analytics with its 'Export CSV' button. The file holds the rows shown, or every
 * row when `allRows` loads more (the stock cover).
 */
export function AnalyticsTable<Row>({
  id,
  title,
  note,
  columns,
  rows,
  fileName,
  rowKey,
  allRows,
  empty,
  footer,
}: {
  id: string;
  title: string;
  note?: string;
  columns: AnalyticsColumn<Row>[];
  rows: Row[];
  fileName: string;
  rowKey: (row: Row, index: number) => string;
  allRows?: () => Promise<Row[]>;
  empty: string;
  footer?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function exportCsv() {
    setBusy(true);
    setFailed(false);
    try {
      const exported = allRows ? await allRows() : rows;
      downloadCsv(
        fileName,
        tableCsv(
          columns.map((column) => column.csv),
          exported.map((row) => columns.map((column) => column.value(row))),
        ),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid={id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div>
          <h2 id={id} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {note ? <p className="text-xs text-slate-500">{note}</p> : null}
        </div>
        <button
          type="button"
          className={buttonStyles.secondary}
          aria-label={`Export CSV: ${title}`}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void exportCsv()}
        >
          {busy ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      {failed ? (
        <p role="alert" className="px-4 pt-2 text-sm text-red-700">
          The export failed. Please try again.
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <DataTable dense columns={columns.map((column) => ({ label: column.label, align: column.align }))}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td
                    key={column.csv}
                    className={`px-4 py-2 whitespace-nowrap ${column.align === 'right' ? 'text-right tabular-nums' : ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </DataTable>
      </div>
      {footer}
    </section>
  );
}
