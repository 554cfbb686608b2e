import { texts } from '../../../texts';
import { SEARCH_MIN_LENGTH } from '../api/search-products';
import { focusRing } from './focus-ring';

/** Shown before a search: the popular terms, with the 2-character hint when one character was typed. */
export function PopularSearches({
  tooShort,
  onChoose,
}: {
  tooShort: boolean;
  onChoose: (term: string) => void;
}) {
  return (
    <>
      {tooShort ? <p className="mb-4 text-sm text-slate-600">{texts.tooShort(SEARCH_MIN_LENGTH)}</p> : null}
      <section>
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {texts.popularSearches}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {texts.popular.map((term) => (
            <li key={term}>
              <button
                type="button"
                onClick={() => onChoose(term)}
                className={`rounded-full bg-slate-100 px-3 py-1.5 text-sm text-slate-700 hover:bg-orange-100 hover:text-orange-800 ${focusRing}`}
              >
                {term}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
