import { routes } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { icons, ListPage, Thumbnail, type ListColumn, type RowAction } from '../../components';
import { useListPage } from '../../hooks/use-list-page';
import { deleteCategoryMutation } from '../../features/categories/api/delete-category';
import {
  CATEGORY_PAGE_SIZE,
  categoriesQuery,
  type CategoryListItem,
} from '../../features/categories/api/get-categories';
import { CATEGORY_FILTERS, categoryPageStats } from '../../features/categories/lib/filter';
import { categoryTexts } from '../../features/categories/texts';

const t = categoryTexts.list;
const FILTERS = { filter: CATEGORY_FILTERS };
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** View the public page, edit (delete is the list's own). */
function rowActions(category: CategoryListItem): RowAction[] {
  return [
    { label: t.view(category.name), icon: icons.eye, to: routes.category(category.slug) },
    { label: t.edit(category.name), icon: icons.edit, to: routes.admin.editCategory(category.id) },
  ];
}

const columns: ListColumn<CategoryListItem>[] = [
  {
    label: t.columns.category,
    cell: (category) => (
      <div className="flex min-w-64 items-center gap-3">
        <Thumbnail src={category.imageUrl} size="md" />
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{category.name}</div>
          <div className="text-xs text-slate-500">/{category.slug}</div>
          {category.description ? (
            <div className="line-clamp-2 max-w-md text-xs text-slate-600">{category.description}</div>
          ) : null}
        </div>
      </div>
    ),
  },
  {
    label: t.columns.subcategories,
    cell: (category) => (
      <span className="inline-flex rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800">
        {category.subcategoryCount}
      </span>
    ),
  },
  {
    label: t.columns.products,
    cell: (category) => (
      <span className="inline-flex rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">
        {category.productCount}
      </span>
    ),
  },
  {
    label: t.columns.created,
    className: 'px-4 py-3 whitespace-nowrap text-slate-600',
    cell: (category) => (
      <time dateTime={category.createdAt}>{dateFormat.format(new Date(category.createdAt))}</time>
    ),
  },
];

/** /admin/categories: cards, search, filter, the category table and pagination (only with several pages). */
export function CategoryListPage() {
  useDocumentTitle(t.title);
  const list = useListPage({
    spec: FILTERS,
    query: (search, filters) => ({ search, filter: filters.filter }),
    source: categoriesQuery,
    pageSize: CATEGORY_PAGE_SIZE,
    loadFailed: categoryTexts.toasts.fetchCategoriesFailed,
  });
  const categories = list.data?.categories;
  const stats = categoryPageStats(categories ?? []);

  return (
    <ListPage
      texts={t}
      addLink={{ to: routes.admin.newCategory, label: t.add }}
      cards={[
        { label: t.stats.total, value: list.total, icon: icons.folder, scope: 'all' },
        { label: t.stats.subcategories, value: stats.subcategories, icon: icons.layers, tone: 'blue' },
        { label: t.stats.products, value: stats.products, icon: icons.package, tone: 'green' },
        { label: t.stats.empty, value: stats.empty, icon: icons.inbox, tone: 'yellow' },
      ]}
      list={list}
      items={categories}
      columns={columns}
      rowActions={rowActions}
      remove={{
        label: (category) => t.remove(category.name),
        mutation: deleteCategoryMutation,
        toasts: { done: categoryTexts.toasts.deleted, failed: categoryTexts.toasts.deleteFailed },
        dialog: {
          title: t.deleteTitle,
          message: (category) => (
            <>
              <p>{t.deleteConfirm(category.name)}</p>
              <p className="mt-2 rounded-md bg-red-50 p-2 font-medium text-red-800">{t.deleteWarning}</p>
            </>
          ),
          confirmLabel: t.deleteButton,
          cancelLabel: t.cancel,
        },
      }}
      card={(category, actions) => (
        <>
          <Thumbnail src={category.imageUrl} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">{category.name}</p>
            <p className="text-xs text-slate-500">/{category.slug}</p>
            {category.description ? (
              <p className="line-clamp-2 text-xs text-slate-600">{category.description}</p>
            ) : null}
            <p className="mt-1 text-xs text-slate-600">
              {t.columns.subcategories}: {category.subcategoryCount} · {t.columns.products}:{' '}
              {category.productCount} · {dateFormat.format(new Date(category.createdAt))}
            </p>
            {actions}
          </div>
        </>
      )}
      emptyIcon={icons.folder}
      onlyWhenSeveralPages
    />
  );
}
