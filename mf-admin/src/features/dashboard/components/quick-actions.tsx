import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';

const ACTIONS = [
  { to: routes.admin.newProduct, label: texts.dashboard.addNewProduct },
  { to: routes.admin.newCategory, label: texts.dashboard.addNewCategory },
  { to: routes.admin.orders, label: texts.dashboard.viewAllOrders },
  { to: routes.admin.administrators, label: texts.dashboard.manageAdministrators },
];

export function QuickActions() {
  return (
    <section
      aria-labelledby="quick-actions-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="quick-actions-title" className="text-lg font-semibold text-slate-900">
        {texts.dashboard.quickActions}
      </h2>
      <ul className="mt-4 space-y-2">
        {ACTIONS.map((action) => (
          <li key={action.to}>
            <Link
              to={action.to}
              className="block rounded-md border border-slate-200 px-4 py-2.5 text-sm font-medium text-slate-800 hover:border-orange-300 hover:bg-orange-50 focus-visible:outline-2 focus-visible:outline-orange-600"
            >
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
