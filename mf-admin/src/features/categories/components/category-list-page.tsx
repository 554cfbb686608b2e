import { pageCount, routes, toast } from '@prepper/shared';
import { FallbackImage, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  ConfirmDialog,
  EmptyState,
  icons,
  ListToolbar,
  PageHeader,
  Pagination,
  ResponsiveList,
  StatCard,
  useAsyncData,
  useListParams,
} from '../../../components';
import { deleteCategory } from '../api/delete-category';
import { CATEGORY_PAGE_SIZE, getCategories, type CategoryListItem } from '../api/get-categories';
import { CATEGORY_FILTERS, categoryPageStats, type CategoryFilter } from '../lib/filter';
import { categoryTexts } from '../texts';

const t = categoryTexts.list;
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** View the public page, edit, delete: icon buttons with accessible names. */
function CategoryActions({
  category,
  onDelete,
  className = '',
}: {
  category: CategoryListItem;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={`flex justify-end gap-1 ${className}`}>
      <Link
        to={routes.category(category.slug)}
        className={buttonStyles.icon}
        aria-label={t.view(category.name)}
        title={t.view(category.name)}
      >
        <icons.eye />
      </Link>
      <Link
        to={routes.admin.editCategory(category.id)}
        className={buttonStyles.icon}
        aria-label={t.edit(category.name)}
        title={t.edit(category.name)}
      >
        <icons.edit />
      </Link>
      <button
        type="button"
        className={`${buttonStyles.icon} hover:bg-red-50 hover:text-red-700`}
        aria-label={t.remove(category.name)}
        title={t.remove(category.name)}
        onClick={onDelete}
      >
        <icons.trash />
      </button>
    </div>
  );
}

/** /admin/categories: cards, search, filter, the category table and pagination (only with several pages). */
export function CategoryListPage() {
  useDocumentTitle(t.title);
  const { search, filter, page, change } = useListParams<CategoryFilter>(CATEGORY_FILTERS);
  const [reloadKey, setReloadKey] = useState(0);
  const [pendingDelete, setPendingDelete] = useState<CategoryListItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const load = useCallback(
    () =>
      getCategories({ search, filter, page, reloadKey }).catch((error: unknown) => {
        console.error(error);
        toast.error(categoryTexts.toasts.fetchCategoriesFailed);
        throw error;
      }),
    [search, filter, page, reloadKey],
  );
  const { data, loading } = useAsyncData(load);
  const categories = data?.categories ?? [];
  const total = data?.total ?? 0;
  const pages = pageCount(total, CATEGORY_PAGE_SIZE);
  const stats = categoryPageStats(categories);

  useEffect(() => {
    if (!loading && data && page > pages) change({ page: pages });
  }, [loading, data, page, pages, change]);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteCategory(pendingDelete.id);
      toast.success(categoryTexts.toasts.deleted);
      setReloadKey((key) => key + 1);
    } catch (error) {
      console.error(error);
      toast.error(categoryTexts.toasts.deleteFailed);
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  }

  return (
    <div>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Link to={routes.admin.newCategory} className={buttonStyles.primary}>
            <icons.plus />
            {t.add}
          </Link>
        }
      />

      <section aria-label="Category summary" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard label={t.stats.total} value={total} hint={t.stats.allMatching} icon={<icons.folder />} />
        <StatCard
          label={t.stats.subcategories}
          value={stats.subcategories}
          hint={t.stats.onThisPage}
          icon={<icons.layers />}
          tone="bg-blue-100 text-blue-700"
        />
        <StatCard
          label={t.stats.products}
          value={stats.products}
          hint={t.stats.onThisPage}
          icon={<icons.package />}
          tone="bg-green-100 text-green-700"
        />
        <StatCard
          label={t.stats.empty}
          value={stats.empty}
          hint={t.stats.onThisPage}
          icon={<icons.inbox />}
          tone="bg-yellow-100 text-yellow-700"
        />
      </section>

      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <ListToolbar search={search} filter={filter} filters={CATEGORY_FILTERS} onChange={change} texts={t} />

        {loading && !data ? (
          <Spinner label={t.loading} />
        ) : categories.length === 0 ? (
          <EmptyState
            icon={icons.folder}
            title={t.empty}
            hint={search || filter !== 'all' ? t.emptySearchHint : t.emptyHint}
          />
        ) : (
          <ResponsiveList
            items={categories}
            loading={loading}
            columns={[
              { label: t.columns.category },
              { label: t.columns.subcategories },
              { label: t.columns.products },
              { label: t.columns.created },
              { label: t.columns.actions, align: 'right' },
            ]}
            card={(category) => (
              <>
                <FallbackImage
                  src={category.imageUrl}
                  alt=""
                  loading="lazy"
                  className="h-14 w-14 shrink-0 rounded-md object-cover"
                />
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
                  <CategoryActions
                    category={category}
                    onDelete={() => setPendingDelete(category)}
                    className="mt-1"
                  />
                </div>
              </>
            )}
            cells={(category) => (
              <>
                <td className="px-4 py-3">
                  <div className="flex min-w-64 items-center gap-3">
                    <FallbackImage
                      src={category.imageUrl}
                      alt=""
                      loading="lazy"
                      className="h-12 w-12 shrink-0 rounded-md object-cover"
                    />
                    <div className="min-w-0">
                      <div className="font-medium text-slate-900">{category.name}</div>
                      <div className="text-xs text-slate-500">/{category.slug}</div>
                      {category.description ? (
                        <div className="line-clamp-2 max-w-md text-xs text-slate-600">
                          {category.description}
                        </div>
                      ) : null}
                    </div>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <span className="inline-flex rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800">
                    {category.subcategoryCount}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <span className="inline-flex rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                    {category.productCount}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  <time dateTime={category.createdAt}>{dateFormat.format(new Date(category.createdAt))}</time>
                </td>
                <td className="px-4 py-3">
                  <CategoryActions category={category} onDelete={() => setPendingDelete(category)} />
                </td>
              </>
            )}
          />
        )}

        {pages > 1 ? (
          <div className="border-t border-slate-200 p-4">
            <Pagination
              page={Math.min(page, pages)}
              pageCount={pages}
              onPageChange={(next) => change({ page: next })}
              summary={{ pageSize: CATEGORY_PAGE_SIZE, total }}
              label={t.pagination}
            />
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={t.deleteTitle}
        message={
          <>
            <p>{pendingDelete ? t.deleteConfirm(pendingDelete.name) : null}</p>
            <p className="mt-2 rounded-md bg-red-50 p-2 font-medium text-red-800">{t.deleteWarning}</p>
          </>
        }
        confirmLabel={t.deleteButton}
        cancelLabel={t.cancel}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
