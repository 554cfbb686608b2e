import { useEffect, useId, useState } from 'react';
import { buttonStyles, icons, inputClass } from '../../../components';
import { findProducts } from '../api/find-products';
import { promotionTexts } from '../texts';

const t = promotionTexts.form;

export interface ProductScopePickerProps {
  products: { id: string; name: string }[];
  onChange: (products: { id: string; name: string }[]) => void;
}

/** The products a code is limited to: a search that adds a product, and the chosen ones with Remove. */
export function ProductScopePicker({ products, onChange }: ProductScopePickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; products: { id: string; name: string }[] } | null>(null);
  const searching = text.trim().length >= 2;
  // Only the answer to what is typed now counts (an earlier, slower answer is ignored).
  const matches = searching && found?.text === text ? found.products : null;

  useEffect(() => {
    if (!searching) return;
    let current = true;
    const timer = setTimeout(() => {
      findProducts(text)
        .then((products) => current && setFound({ text, products }))
        .catch((error: unknown) => {
          console.error(error);
          if (current) setFound({ text, products: [] });
        });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, searching]);

  const chosen = new Set(products.map((product) => product.id));
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-700">{t.products}</p>
      {products.length === 0 ? (
        <p className="text-xs text-slate-500">{t.noProducts}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {products.map((product) => (
            <li
              key={product.id}
              className="inline-flex items-center gap-1 rounded-full bg-orange-50 py-0.5 pr-1 pl-3 text-xs text-orange-900"
            >
              {product.name}
              <button
                type="button"
                className={`${buttonStyles.icon} h-6 w-6`}
                aria-label={t.removeProduct(product.name)}
                onClick={() => onChange(products.filter((other) => other.id !== product.id))}
              >
                <icons.x />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={id} className="mt-3 mb-1 block text-sm text-slate-700">
        {t.productSearch}
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        value={text}
        placeholder={t.productSearchPlaceholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter in the search adds nothing and must not submit the code's form.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {matches === null ? null : matches.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500" role="status">
          {t.noMatches}
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
          {matches.map((product) => (
            <li key={product.id} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
              <span className="min-w-0 truncate">{product.name}</span>
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={chosen.has(product.id)}
                aria-label={t.addProduct(product.name)}
                onClick={() => onChange([...products, product])}
              >
                {chosen.has(product.id) ? '✓' : '+'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
