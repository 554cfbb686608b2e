import { routes, toast } from '@prepper/shared';
import { FallbackImage, useDocumentTitle } from '@prepper/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  buttonStyles,
  ConfirmDialog,
  icons,
  ListPage,
  usePagedList,
  useListParams,
  type ListColumn,
} from '../../../components';
import { deleteCategory } from '../api/delete-category';
import { CATEGORY_PAGE_SIZE, categoriesQuery, type CategoryListItem } from '../api/get-categories';
import { CATEGORY_FILTERS, categoryPageStats } from '../lib/filter';
import { categoryTexts } from '../texts';

const t = categoryTexts.list;
const FILTERS = { filter: CATEGORY_FILTERS };
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

function showFetchError(error: unknown) {
  console.error(error);
  toast.error(categoryTexts.toasts.fetchCategoriesFailed);
}

const columns: ListColumn<CategoryListItem>[] = [
  {
    label: t.columns.category,
    cell: (category) => (
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
  const { search, filters, page, change } = useListParams(FILTERS);
  const list = usePagedList({
    query: { search, filter: filters.filter, page },
    source: categoriesQuery,
    pageSize: CATEGORY_PAGE_SIZE,
    onError: showFetchError,
    goToPage: (next) => change({ page: next }),
  });
  const [pendingDelete, setPendingDelete] = useState<CategoryListItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const categories = list.data?.categories;
  const stats = categoryPageStats(categories ?? []);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteCategory(pendingDelete.id);
      toast.success(categoryTexts.toasts.deleted);
      list.reload();
    } catch (error) {
      console.error(error);
      toast.error(categoryTexts.toasts.deleteFailed);
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  }

  return (
    <ListPage
      texts={t}
      actions={
        <Link to={routes.admin.newCategory} className={buttonStyles.primary}>
          <icons.plus />
          {t.add}
        </Link>
      }
      cards={[
        {
          key: 'total',
          label: t.stats.total,
          value: list.total,
          hint: t.stats.allMatching,
          icon: <icons.folder />,
        },
        {
          key: 'subcategories',
          label: t.stats.subcategories,
          value: stats.subcategories,
          hint: t.stats.onThisPage,
          icon: <icons.layers />,
          tone: 'bg-blue-100 text-blue-700',
        },
        {
          key: 'products',
          label: t.stats.products,
          value: stats.products,
          hint: t.stats.onThisPage,
          icon: <icons.package />,
          tone: 'bg-green-100 text-green-700',
        },
        {
          key: 'empty',
          label: t.stats.empty,
          value: stats.empty,
          hint: t.stats.onThisPage,
          icon: <icons.inbox />,
          tone: 'bg-yellow-100 text-yellow-700',
        },
      ]}
      toolbar={{ search, spec: FILTERS, filters, onChange: change, texts: t }}
      items={categories}
      loading={list.loading}
      error={list.error}
      onRetry={list.reload}
      columns={[
        ...columns,
        {
          label: t.columns.actions,
          align: 'right',
          className: 'px-4 py-3',
          cell: (category) => (
            <CategoryActions category={category} onDelete={() => setPendingDelete(category)} />
          ),
        },
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
      emptyIcon={icons.folder}
      pagination={{
        page: list.page,
        pages: list.pages,
        total: list.total,
        pageSize: CATEGORY_PAGE_SIZE,
        onPageChange: (next) => change({ page: next }),
        onlyWhenSeveralPages: true,
      }}
    >
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
    </ListPage>
  );
}
