import { formatPrice } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { DataTable } from '../../../components';
import { topPromotionsQuery } from '../api/get-top-promotions';
import { describeDiscount } from '../lib/promotion-form';
import { promotionPaths } from '../../../lib/promotion-paths';
import { promotionTexts } from '../texts';

const t = promotionTexts.dashboard;

/** The dashboard's discount codes: the five that brought the most revenue, with their uses. */
export function PromotionSummary() {
  const state = topPromotionsQuery.use([5]);
  const codes = state.data;
  return (
    <section
      aria-labelledby="promotion-summary-title"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="promotion-summary-title" className="text-lg font-semibold text-slate-900">
          {t.title}
        </h2>
        <Link to={promotionPaths.list} className="text-sm font-medium text-orange-600 hover:underline">
          {t.viewAll}
        </Link>
      </div>
      {state.status === 'error' ? (
        <p className="px-4 py-6 text-center text-sm text-red-700">{t.failed}</p>
      ) : codes === undefined ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t.loading}</p>
      ) : codes.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t.empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            dense
            columns={[
              { label: promotionTexts.list.columns.code },
              { label: promotionTexts.list.columns.discount },
              { label: promotionTexts.list.columns.uses, align: 'right' },
              { label: promotionTexts.list.columns.revenue, align: 'right' },
            ]}
          >
            {codes.map((code) => (
              <tr key={code.id} data-testid="dashboard-promotion">
                <td className="px-4 py-2 font-mono whitespace-nowrap text-slate-900">
                  <Link to={promotionPaths.edit(code.id)} className="hover:text-orange-700 hover:underline">
                    {code.code}
                  </Link>
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-slate-700">{describeDiscount(code)}</td>
                <td className="px-4 py-2 text-right text-slate-700">{code.uses}</td>
                <td className="px-4 py-2 text-right text-slate-900">{formatPrice(code.revenue)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </section>
  );
}
