import type { ReactNode } from 'react';
import { DataTable } from './data-table';

/** One column of an admin list: its header and how an item fills its cell. */
export interface ListColumn<T> {
  label: ReactNode;
  align?: 'left' | 'right';
  cell: (item: T) => ReactNode;
  /** Classes of the cell (default `px-4 py-3`, right-aligned columns add `text-right`). */
  className?: string;
}

export interface ResponsiveListProps<T extends { id: string }> {
  items: readonly T[];
  /** True while newer items load: the current ones stay, dimmed. */
  loading: boolean;
  columns: readonly ListColumn<T>[];
  /** The content of an item's card on narrow screens; without it the table shows at every width. */
  card?: (item: T) => ReactNode;
  /** A test id on each row (and card). */
  rowTestId?: string;
}

/** An admin list as cards on narrow screens and as a table from md up. */
export function ResponsiveList<T extends { id: string }>({
  items,
  loading,
  columns,
  card,
  rowTestId,
}: ResponsiveListProps<T>) {
  return (
    <div aria-busy={loading}>
      {card ? (
        <ul className="divide-y divide-slate-100 md:hidden">
          {items.map((item) => (
            <li
              key={item.id}
              data-testid={rowTestId}
              className={`flex gap-3 p-4 ${loading ? 'opacity-60' : ''}`}
            >
              {card(item)}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={card ? 'hidden overflow-x-auto md:block' : 'overflow-x-auto'}>
        <DataTable
          columns={columns}
          className="min-w-full divide-y divide-slate-200 text-sm"
          headClassName="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
        >
          {items.map((item) => (
            <tr key={item.id} data-testid={rowTestId} className={loading ? 'opacity-60' : undefined}>
              {columns.map((column, index) => (
                <td
                  key={index}
                  className={
                    column.className ?? (column.align === 'right' ? 'px-4 py-3 text-right' : 'px-4 py-3')
                  }
                >
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </div>
    </div>
  );
}
