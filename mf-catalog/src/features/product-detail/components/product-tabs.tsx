import type { Product } from '@prepper/shared';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { productTexts } from '../texts';

const TAB_KEYS = ['description', 'specifications', 'features', 'reviews'] as const;
type TabKey = (typeof TAB_KEYS)[number];

function Panel({ tab, product, reviews }: { tab: TabKey; product: Product; reviews: ReactNode }) {
  switch (tab) {
    case 'description':
      return <p className="leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>;
    case 'specifications': {
      const entries = Object.entries(product.specifications);
      if (entries.length === 0) return <p className="text-slate-600">{productTexts.noSpecifications}</p>;
      return (
        <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {entries.map(([key, value]) => (
            <div key={key} className="grid grid-cols-1 gap-1 px-4 py-3 sm:grid-cols-3">
              <dt className="font-medium text-slate-900">{key}</dt>
              <dd className="text-slate-700 sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
      );
    }
    case 'features':
      if (product.features.length === 0) return <p className="text-slate-600">{productTexts.noFeatures}</p>;
      return (
        <ul className="grid gap-2 sm:grid-cols-2">
          {product.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-slate-700">
              <span aria-hidden="true" className="mt-0.5 text-green-600">
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
      );
    case 'reviews':
      return reviews;
  }
}

/**
 * Description, specifications, features and reviews as an accessible tablist (arrow keys, Home, End).
 * The reviews panel is given by the page (it is its own feature).
 */
export function ProductTabs({ product, reviews }: { product: Product; reviews: ReactNode }) {
  const [active, setActive] = useState<TabKey>('description');
  const baseId = useId();
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({
    description: null,
    specifications: null,
    features: null,
    reviews: null,
  });

  function focusTab(tab: TabKey) {
    setActive(tab);
    tabRefs.current[tab]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TAB_KEYS.indexOf(active);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TAB_KEYS.length,
      ArrowLeft: (index - 1 + TAB_KEYS.length) % TAB_KEYS.length,
      Home: 0,
      End: TAB_KEYS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusTab(TAB_KEYS[next]!);
  }

  const label = (tab: TabKey) =>
    tab === 'reviews' ? `${productTexts.tabs.reviews} (${product.reviewCount})` : productTexts.tabs[tab];

  return (
    <section className="mt-12">
      <div
        role="tablist"
        aria-label={productTexts.tabsLabel}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {TAB_KEYS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab}`}
            aria-selected={active === tab}
            aria-controls={`${baseId}-panel-${tab}`}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
            className={`-mb-px border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap transition ${
              active === tab
                ? 'border-orange-600 text-orange-600'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {label(tab)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${active}`}
        aria-labelledby={`${baseId}-tab-${active}`}
        tabIndex={0}
        className="py-6 focus:outline-none"
      >
        <Panel tab={active} product={product} reviews={reviews} />
      </div>
    </section>
  );
}
