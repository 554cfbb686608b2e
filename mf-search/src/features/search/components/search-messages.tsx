import { texts } from '../../../texts';
import { useSearchSuggestions } from '../api/search-products';
import { focusRing } from './focus-ring';

/** While the database answers. */
export function SearchLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-8 text-slate-500">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-orange-600"
      />
      {texts.searching}
    </div>
  );
}

/** The search failed: say so and offer to try again. */
export function SearchFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="py-8 text-center">
      <p className="text-slate-700">{texts.failed}</p>
      <button
        type="button"
        onClick={onRetry}
        className={`mt-3 rounded-lg bg-orange-600 px-4 py-2 font-semibold text-white hover:bg-orange-700 ${focusRing}`}
      >
        {texts.retry}
      </button>
    </div>
  );
}

/** Nothing matches the query: the closest corrections the catalogue knows, if any, then the hint. */
export function NoResults({ query, onChoose }: { query: string; onChoose: (term: string) => void }) {
  const suggestions = useSearchSuggestions(query).data ?? [];
  return (
    <div className="py-8 text-center">
      <p className="font-medium text-slate-900">{texts.noResults(query)}</p>
      {suggestions.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
          <span className="text-sm text-slate-600">{texts.didYouMean}</span>
          {suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              onClick={() => onChoose(suggestion)}
              aria-label={texts.searchFor(suggestion)}
              className={`rounded-full bg-orange-50 px-3 py-1 text-sm font-medium text-orange-800 hover:bg-orange-100 ${focusRing}`}
            >
              {suggestion}
            </button>
          ))}
        </div>
      ) : null}
      <p className="mt-1 text-sm text-slate-500">{texts.noResultsHint}</p>
    </div>
  );
}
