import { formatPrice, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { icons, ListPage, type ListColumn, type RowAction } from '../../components';
import { useListPage } from '../../hooks/use-list-page';
import { promotionCategoriesQuery } from '../../features/promotions/api/get-category-names';
import {
  PROMOTION_FILTERS,
  PROMOTION_PAGE_SIZE,
  promotionsQuery,
  type PromotionListItem,
} from '../../features/promotions/api/get-promotions';
import {
  deletePromotionMutation,
  setPromotionActiveMutation,
} from '../../features/promotions/api/save-promotion';
import { describeDiscount, promotionStatus } from '../../features/promotions/lib/promotion-form';
import { promotionPaths } from '../../lib/promotion-paths';
import { promotionTexts } from '../../features/promotions/texts';

const t = promotionTexts.list;
const FILTERS = { status: PROMOTION_FILTERS };
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

const STATUS_TONE = {
  active: 'bg-green-50 text-green-800',
  inactive: 'bg-slate-100 text-slate-700',
  scheduled: 'bg-blue-50 text-blue-800',
  expired: 'bg-yellow-50 text-yellow-800',
  usedUp: 'bg-yellow-50 text-yellow-800',
} as const;

function StatusBadge({ promotion }: { promotion: PromotionListItem }) {
  const status = promotionStatus(promotion, promotion.uses);
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
      {promotionTexts.status[status]}
    </span>
  );
}

/** The conditions of a code in one line: minimum, dates, limits, scope. */
function conditions(promotion: PromotionListItem, categoryNames: Map<string, string>): string {
  const parts: string[] = [];
  if (promotion.min_subtotal !== null) parts.push(`Min. ${formatPrice(Number(promotion.min_subtotal))}`);
  if (promotion.starts_at) parts.push(`From ${dateFormat.format(new Date(promotion.starts_at))}`);
  if (promotion.ends_at) parts.push(`Until ${dateFormat.format(new Date(promotion.ends_at))}`);
  if (promotion.per_customer_limit !== null) parts.push(`${promotion.per_customer_limit} per customer`);
  const scope = [
    ...promotion.category_ids.map((id) => categoryNames.get(id) ?? 'a removed category'),
    ...(promotion.product_ids.length > 0
      ? [`${promotion.product_ids.length} product${promotion.product_ids.length === 1 ? '' : 's'}`]
      : []),
  ];
  parts.push(scope.length > 0 ? `Only ${scope.join(', ')}` : 'Every product');
  return parts.join(' · ');
}

const uses = (promotion: PromotionListItem) =>
  promotion.usage_limit === null ? String(promotion.uses) : `${promotion.uses} / ${promotion.usage_limit}`;

/** /admin/promotions: the discount codes with their uses and revenue, search, status filter, pages. */
export function PromotionListPage() {
  useDocumentTitle(t.title);
  const list = useListPage({
    spec: FILTERS,
    query: (search, filters) => ({ search, status: filters.status }),
    source: promotionsQuery,
    pageSize: PROMOTION_PAGE_SIZE,
    loadFailed: promotionTexts.toasts.fetchListFailed,
  });
  const categories = promotionCategoriesQuery.use([]);
  const categoryNames = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const toggle = setPromotionActiveMutation.use();

  async function setActive(promotion: PromotionListItem, active: boolean) {
    const outcome = await toggle.mutate(promotion.id, active);
    if (outcome.skipped) return;
    if (outcome.ok)
      toast.success(active ? promotionTexts.toasts.activated : promotionTexts.toasts.deactivated);
    else toast.error(promotionTexts.toasts.toggleFailed);
  }

  function rowActions(promotion: PromotionListItem): RowAction[] {
    return [
      { label: t.edit(promotion.code), icon: icons.edit, to: promotionPaths.edit(promotion.id) },
      promotion.active
        ? {
            label: t.deactivate(promotion.code),
            icon: icons.x,
            disabled: toggle.busy,
            onClick: () => void setActive(promotion, false),
          }
        : {
            label: t.activate(promotion.code),
            icon: icons.check,
            tone: 'approve',
            disabled: toggle.busy,
            onClick: () => void setActive(promotion, true),
          },
    ];
  }

  const columns: ListColumn<PromotionListItem>[] = [
    {
      label: t.columns.code,
      cell: (promotion) => (
        <div className="min-w-40">
          <div className="font-mono font-semibold text-slate-900">{promotion.code}</div>
          {promotion.description ? (
            <div className="text-xs text-slate-600">{promotion.description}</div>
          ) : null}
        </div>
      ),
    },
    { label: t.columns.discount, cell: (promotion) => describeDiscount(promotion) },
    {
      label: t.columns.conditions,
      cell: (promotion) => (
        <span className="block max-w-sm text-xs text-slate-600">{conditions(promotion, categoryNames)}</span>
      ),
    },
    { label: t.columns.uses, cell: uses },
    { label: t.columns.revenue, cell: (promotion) => formatPrice(promotion.revenue) },
    { label: t.columns.status, cell: (promotion) => <StatusBadge promotion={promotion} /> },
  ];

  const totals = list.data?.totals;
  return (
    <ListPage
      texts={t}
      addLink={{ to: promotionPaths.create, label: t.add }}
      cards={[
        { label: t.cards.total, value: list.total, icon: icons.inbox, scope: 'all' },
        { label: t.cards.uses, value: totals?.uses ?? 0, icon: icons.check, tone: 'blue', scope: 'all' },
        {
          label: t.cards.revenue,
          value: formatPrice(totals?.revenue ?? 0),
          icon: icons.dollar,
          tone: 'green',
          scope: 'all',
        },
        {
          label: t.cards.discounts,
          value: formatPrice(totals?.discountTotal ?? 0),
          icon: icons.dollar,
          tone: 'yellow',
          scope: 'all',
        },
      ]}
      list={list}
      items={list.data?.promotions}
      columns={columns}
      rowActions={rowActions}
      rowTestId="promotion-row"
      remove={{
        label: (promotion) => t.remove(promotion.code),
        mutation: deletePromotionMutation,
        toasts: { done: promotionTexts.toasts.deleted, failed: promotionTexts.toasts.deleteFailed },
        dialog: {
          title: t.deleteTitle,
          message: (promotion) => (
            <>
              <p>{t.deleteConfirm(promotion.code)}</p>
              <p className="mt-2 rounded-md bg-yellow-50 p-2 text-yellow-900">{t.deleteWarning}</p>
            </>
          ),
          confirmLabel: t.deleteButton,
          cancelLabel: t.cancel,
        },
      }}
      card={(promotion, actions) => (
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <p className="font-mono font-semibold text-slate-900">{promotion.code}</p>
            <StatusBadge promotion={promotion} />
          </div>
          <p className="text-sm text-slate-700">{describeDiscount(promotion)}</p>
          <p className="text-xs text-slate-600">{conditions(promotion, categoryNames)}</p>
          <p className="mt-1 text-xs text-slate-600">
            {t.columns.uses}: {uses(promotion)} · {t.columns.revenue}: {formatPrice(promotion.revenue)}
          </p>
          {actions}
        </div>
      )}
      emptyIcon={icons.inbox}
    />
  );
}
