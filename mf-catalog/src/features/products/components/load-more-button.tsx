import { texts } from '../../../texts';

/**
 * "Showing n of N products" and a button that loads the next slice, while more are left; a failed
 * load says so and the button tries again.
 */
export function LoadMoreButton({
  shown,
  total,
  loading,
  failed,
  onLoadMore,
  label = texts.category.loadMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
  if (shown >= total) return null;
  return (
    <div className="mt-10 flex flex-col items-center gap-3 text-center">
      <p className="text-sm text-slate-600" role="status">
        {texts.category.showing(shown, total)}
      </p>
      {failed && (
        <p className="text-sm text-red-700" role="alert">
          {texts.category.loadMoreFailed}
        </p>
      )}
      <button
        type="button"
        onClick={onLoadMore}
        disabled={loading}
        aria-busy={loading}
        className="rounded-lg border-2 border-orange-600 px-8 py-3 font-semibold text-orange-700 hover:bg-orange-50 disabled:cursor-wait disabled:opacity-60"
      >
        {loading ? texts.category.loadingMore : label}
      </button>
    </div>
  );
}
