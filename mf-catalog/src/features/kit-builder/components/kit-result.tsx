import {
  addToCart,
  formatPrice,
  openOverlay,
  productSlug,
  routes,
  toast,
  type CartProduct,
} from '@prepper/shared';
import {
  coverageText,
  formatKitAmount,
  KIT_DURATIONS,
  KIT_NEED_UNITS,
  KIT_RULE_SOURCES,
  KIT_RULE_TEXTS,
  SUPPLY_KIND_LABELS,
  type Kit,
  type KitCoverage,
  type KitLine,
  type KitPlan,
  type KitProduct,
} from '@prepper/shared/kit';
import { Link } from 'react-router-dom';
import { kitTexts } from '../texts';

const t = kitTexts.result;

function cartProduct(product: KitProduct): CartProduct {
  return {
    id: product.id,
    slug: productSlug(product.name, product.id),
    name: product.name,
    price: product.price,
    originalPrice: product.originalPrice,
    image: product.image,
    category: product.category,
    inStock: product.inStock,
  };
}

/** Every line of the kit into the cart, then the cart opens on it. */
function addKitToCart(kit: Kit) {
  try {
    for (const line of kit.lines) addToCart(cartProduct(line.product), line.quantity);
  } catch (error) {
    console.error('[catalog] adding the kit to the cart failed', error);
    toast.error(t.addFailed);
    return;
  }
  toast.success(t.added(kit.lines.reduce((sum, line) => sum + line.quantity, 0)));
  openOverlay('cart');
}

function amountWithUnit(coverage: KitCoverage, amount: number): string {
  const [one, other] = KIT_NEED_UNITS[coverage.need];
  return `${formatKitAmount(coverage.need, amount)} ${amount === 1 ? one : other}`;
}

function Line({ line, coverage }: { line: KitLine; coverage: KitCoverage }) {
  const { product } = line;
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <div className="min-w-0">
        <Link
          to={routes.product(product.name, product.id)}
          className="font-medium text-slate-900 hover:text-orange-700"
        >
          {product.name}
        </Link>
        <p className="text-sm text-slate-600">
          {line.quantity} × {t.each(formatPrice(product.price))} ·{' '}
          {t.covers(amountWithUnit(coverage, line.covers))}
          {product.personDaysPerUnit !== null && ` · ${t.personDays(product.personDaysPerUnit)}`}
        </p>
      </div>
      <span className="font-semibold text-slate-900">{formatPrice(line.lineTotal)}</span>
    </li>
  );
}

function Need({ coverage, lines }: { coverage: KitCoverage; lines: KitLine[] }) {
  const source = KIT_RULE_SOURCES[coverage.need];
  const headingId = `kit-need-${coverage.need}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 p-4"
      data-need={coverage.need}
    >
      <h3
        id={headingId}
        className="flex flex-wrap items-baseline justify-between gap-2 font-semibold text-slate-900"
      >
        <span>{SUPPLY_KIND_LABELS[coverage.need]}</span>
        <span
          data-coverage
          className={
            coverage.missing > 0
              ? 'text-sm font-semibold text-red-700'
              : 'text-sm font-semibold text-green-700'
          }
        >
          {coverageText(coverage)}
        </span>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        <span className="font-medium">{t.rule}:</span> {KIT_RULE_TEXTS[coverage.need]} {t.source}:{' '}
        <a href={source.url} className="underline hover:text-orange-700" rel="noopener noreferrer">
          {source.name}
        </a>
        .
      </p>
      {lines.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {lines.map((line) => (
            <Line key={line.product.id} line={line} coverage={coverage} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t.noProducts}</p>
      )}
      {coverage.missing > 0 && (
        <p className="mt-2 text-sm font-medium text-red-700" data-gap>
          {t.gap(amountWithUnit(coverage, coverage.missing))}
        </p>
      )}
    </section>
  );
}

/** The kit: each need with its rule, coverage, products and gap, then the total and "Add kit to cart". */
export function KitResult({ plan, kit }: { plan: KitPlan; kit: Kit }) {
  const duration = KIT_DURATIONS.find((entry) => entry.key === plan.duration)!.label;
  const items = kit.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-labelledby="kit-result" className="space-y-4">
      <div>
        <h2 id="kit-result" className="text-xl font-bold text-slate-900">
          {t.heading}
        </h2>
        <p className="text-slate-600">
          {t.summary(t.people(plan.adults, plan.children, plan.pets), duration.toLowerCase())}
        </p>
      </div>
      {kit.coverage.length === 0 ? (
        <p className="text-slate-600">{t.noNeeds}</p>
      ) : (
        kit.coverage.map((coverage) => (
          <Need
            key={coverage.need}
            coverage={coverage}
            lines={kit.lines.filter((line) => line.need === coverage.need)}
          />
        ))
      )}
      <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg text-slate-900">
          {t.total} <span className="text-sm text-slate-600">({t.itemCount(items)})</span>:{' '}
          <strong data-kit-total>{formatPrice(kit.total)}</strong>
        </p>
        <button
          type="button"
          disabled={kit.lines.length === 0}
          onClick={() => addKitToCart(kit)}
          className="rounded-lg bg-orange-600 px-6 py-3 font-semibold text-white transition hover:bg-orange-700 disabled:opacity-60"
        >
          {t.addToCart}
        </button>
      </div>
      <p className="text-sm text-slate-600">{t.share}</p>
    </section>
  );
}
