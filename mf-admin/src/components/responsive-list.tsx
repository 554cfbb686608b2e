import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from './data-table';

export interface ResponsiveListProps<T extends { id: string }> {
  items: readonly T[];
  /** True while newer items load: the current ones stay, dimmed. */
  loading: boolean;
  columns: readonly DataTableColumn[];
  /** The content of an item's card on narrow screens. */
  card: (item: T) => ReactNode;
  /** An item's table cells (<td>s) from md up. */
  cells: (item: T) => ReactNode;
}

/** An admin list as cards on narrow screens and as a table from md up. */
export function ResponsiveList<T extends { id: string }>({
  items,
  loading,
  columns,
  card,
  cells,
}: ResponsiveListProps<T>) {
  return (
    <div aria-busy={loading}>
      <ul className="divide-y divide-slate-100 md:hidden">
        {items.map((item) => (
          <li key={item.id} className={`flex gap-3 p-4 ${loading ? 'opacity-60' : ''}`}>
            {card(item)}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <DataTable
          columns={columns}
          className="min-w-full divide-y divide-slate-200 text-sm"
          headClassName="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
        >
          {items.map((item) => (
            <tr key={item.id} className={loading ? 'opacity-60' : undefined}>
              {cells(item)}
            </tr>
          ))}
        </DataTable>
      </div>
    </div>
  );
}
