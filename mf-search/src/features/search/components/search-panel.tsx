import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { formatPrice, routes, type Product } from '@prepper/shared';
import { CloseButton, FallbackImage } from '@prepper/shared/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { texts } from '../../../texts';
import { SEARCH_MIN_LENGTH } from '../api/search-products';
import { useProductSearch } from '../hooks/use-product-search';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600';

/** The search overlay's content: the box, popular searches, and the live results. */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const search = useProductSearch(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  const navigate = useNavigate();
  const hintId = useId();

  useEffect(() => {
    // After the dialog has opened: the text box gets the focus.
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  function openProduct(product: Product) {
    onClose();
    navigate(routes.product(product.name, product.id));
  }

  function focusResult(index: number) {
    if (index < 0) {
      inputRef.current?.focus();
      return;
    }
    resultRefs.current[Math.min(index, search.results.length - 1)]?.focus();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (search.status !== 'success' || search.results.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusResult(0);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const first = search.results[0];
      if (first) openProduct(first);
    }
  }

  function onResultKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusResult(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusResult(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusResult(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusResult(search.results.length - 1);
    }
  }

  function choosePopular(term: string) {
    setQuery(term);
    inputRef.current?.focus();
  }

  return (
    <div className="flex max-h-[calc(100dvh-6rem)] flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 p-3 sm:p-4">
        <MagnifyingGlassIcon className="ml-1 h-5 w-5 shrink-0 text-slate-400" />
        <input
          ref={inputRef}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onInputKeyDown}
          placeholder={texts.placeholder}
          aria-label={texts.inputLabel}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="min-w-0 flex-1 rounded-md bg-transparent px-2 py-2 text-base text-slate-900 outline-none placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-orange-500 [&::-webkit-search-cancel-button]:hidden"
        />
        {query ? (
          <button
            type="button"
            onClick={() => choosePopular('')}
            aria-label={texts.clear}
            className={`rounded-md px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
          >
            {texts.clearShort}
          </button>
        ) : null}
        <CloseButton label={texts.close} onClick={onClose} />
      </div>
      <p id={hintId} className="sr-only">
        {texts.keyboardHint}
      </p>

      <div className="overflow-y-auto p-4" aria-live="polite" aria-busy={search.status === 'loading'}>
        {search.status === 'too-short' ? (
          <p className="mb-4 text-sm text-slate-600">{texts.tooShort(SEARCH_MIN_LENGTH)}</p>
        ) : null}

        {search.status === 'idle' || search.status === 'too-short' ? (
          <section>
            <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {texts.popularSearches}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {texts.popular.map((term) => (
                <li key={term}>
                  <button
                    type="button"
                    onClick={() => choosePopular(term)}
                    className={`rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-700 hover:bg-orange-100 hover:text-orange-800 ${focusRing}`}
                  >
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {search.status === 'loading' ? (
          <div role="status" className="flex items-center justify-center gap-3 py-8 text-slate-500">
            <span
              aria-hidden="true"
              className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-orange-600"
            />
            {texts.searching}
          </div>
        ) : null}

        {search.status === 'error' ? (
          <div role="alert" className="py-8 text-center">
            <p className="text-slate-700">{texts.failed}</p>
            <button
              type="button"
              onClick={search.retry}
              className={`mt-3 rounded-lg bg-orange-600 px-4 py-2 font-semibold text-white hover:bg-orange-700 ${focusRing}`}
            >
              {texts.retry}
            </button>
          </div>
        ) : null}

        {search.status === 'success' && search.results.length === 0 ? (
          <div className="py-8 text-center">
            <p className="font-medium text-slate-900">{texts.noResults(search.query)}</p>
            <p className="mt-1 text-sm text-slate-500">{texts.noResultsHint}</p>
          </div>
        ) : null}

        {search.status === 'success' && search.results.length > 0 ? (
          <section>
            <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {texts.resultsHeading(search.results.length)}
            </h2>
            <ul className="divide-y divide-slate-100">
              {search.results.map((product, index) => (
                <li key={product.id}>
                  <Link
                    ref={(element) => {
                      resultRefs.current[index] = element;
                    }}
                    to={routes.product(product.name, product.id)}
                    onClick={onClose}
                    onKeyDown={(event) => onResultKeyDown(event, index)}
                    className={`flex items-center gap-3 rounded-lg p-2 hover:bg-slate-50 focus:bg-orange-50 ${focusRing}`}
                  >
                    <FallbackImage
                      src={product.image}
                      alt=""
                      className="h-14 w-14 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className="line-clamp-2 font-medium text-slate-900"
                        data-testid="search-result-name"
                      >
                        {product.name}
                      </span>
                      <span className="block truncate text-sm text-slate-500">{product.category}</span>
                    </span>
                    <span className="shrink-0 text-right">
                      <span className="block font-semibold text-slate-900">{formatPrice(product.price)}</span>
                      {product.originalPrice !== null && product.originalPrice > product.price ? (
                        <s className="block text-xs text-slate-400">{formatPrice(product.originalPrice)}</s>
                      ) : null}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
