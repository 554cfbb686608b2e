import type { ReactNode } from 'react';

export interface DataTableColumn {
  label: ReactNode;
  align?: 'left' | 'right';
}

export interface DataTableProps {
  /** The header cells; `null` leaves a column out (e.g. actions for read-only viewers). */
  columns: ReadonlyArray<DataTableColumn | null>;
  /** The body rows (<tr>s). */
  children: ReactNode;
  /** Cell padding of the header: `px-4 py-3`, or `px-4 py-2` when dense. */
  dense?: boolean;
  className?: string;
  headClassName?: string;
}

/** A full-width admin table: a muted uppercase header row and the given body rows with dividers. */
export function DataTable({
  columns,
  children,
  dense = false,
  className = 'min-w-full text-sm',
  headClassName = 'bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase',
}: DataTableProps) {
  const padding = dense ? 'px-4 py-2' : 'px-4 py-3';
  return (
    <table className={className}>
      <thead className={headClassName}>
        <tr>
          {columns.map((column, index) =>
            column ? (
              <th
                key={index}
                scope="col"
                className={column.align === 'right' ? `${padding} text-right` : padding}
              >
                {column.label}
              </th>
            ) : null,
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
