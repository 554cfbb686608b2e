import { routes, type Product } from '@prepper/shared';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { texts } from '../../../texts';
import { useProductSearch } from '../hooks/use-product-search';
import { useResultFocus } from '../hooks/use-result-focus';
import { PopularSearches } from './popular-searches';
import { SearchBox } from './search-box';
import { NoResults, SearchFailed, SearchLoading } from './search-messages';
import { SearchResults } from './search-results';

/** The search overlay's content: the box, then popular searches, a loading, error or empty state, or the results. */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const search = useProductSearch(query);
  const { inputRef, resultRefs, focusResult, onResultKeyDown } = useResultFocus(search.results.length);
  const navigate = useNavigate();
  const hintId = useId();

  useEffect(() => {
    // After the dialog has opened: the text box gets the focus.
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [inputRef]);

  function openProduct(product: Product) {
    onClose();
    navigate(routes.product(product.name, product.id));
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const first = search.results[0];
    if (search.status !== 'success' || !first) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusResult(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openProduct(first);
    }
  }

  /** A popular search or a suggested correction: search it and keep typing from there. */
  function choosePopular(term: string) {
    setQuery(term);
    inputRef.current?.focus();
  }

  return (
    <div className="flex max-h-[calc(100dvh-6rem)] flex-col">
      <SearchBox
        inputRef={inputRef}
        query={query}
        onQueryChange={setQuery}
        onKeyDown={onInputKeyDown}
        hintId={hintId}
        onClose={onClose}
      />
      <p id={hintId} className="sr-only">
        {texts.keyboardHint}
      </p>

      <div className="overflow-y-auto p-4" aria-live="polite" aria-busy={search.status === 'loading'}>
        {search.status === 'idle' || search.status === 'too-short' ? (
          <PopularSearches tooShort={search.status === 'too-short'} onChoose={choosePopular} />
        ) : null}
        {search.status === 'loading' ? <SearchLoading /> : null}
        {search.status === 'error' ? <SearchFailed onRetry={search.retry} /> : null}
        {search.status === 'success' && search.results.length === 0 ? (
          <NoResults query={search.query} onChoose={choosePopular} />
        ) : null}
        {search.status === 'success' && search.results.length > 0 ? (
          <SearchResults
            results={search.results}
            resultRefs={resultRefs}
            onResultKeyDown={onResultKeyDown}
            onOpen={onClose}
          />
        ) : null}
      </div>
    </div>
  );
}
