import { listTexts } from '../../../lib/list-texts';
import { suggestionsQuery } from '../api/get-suggestions';

/**
 * For a search that found nothing: the closest searches that find something ("Did you mean: ..."). It
 * loads with an empty search result, not with the list's first load.
 */
export function SearchSuggestions({ query, onPick }: { query: string; onPick: (query: string) => void }) {
  const state = suggestionsQuery.use([query]);
  const suggestions = state.status === 'success' ? state.data : [];
  return (
    suggestions.length > 0 && (
      <p className="mt-3 text-slate-700">
        {listTexts.filters.didYouMean}
        {suggestions.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            onClick={() => onPick(suggestion)}
            className="ml-2 font-semibold text-orange-700 underline"
          >
            {suggestion}
          </button>
        ))}
      </p>
    )
  );
}
