import { formatNumber } from '../format';
import { roundMoney } from './pricing';

/**
 * `@prepper/shared/kit`: the kit builder's rules, in one place. What a household needs for how long
 * (from public preparedness guidance, docs/preparedness.md names each source), and which in-stock
 * products cover it at the lowest price or the best rated. The catalogue's /kit-builder page states each
 * rule from here and computes the kit with it; the integration test runs it on the seeded catalogue.
 * A subpath entry: only the kit builder's page bundles it.
 */

export { KIT_BUILDER_PATH } from './kit-path';

/** The needs a shopper can ask to cover, in the order the page shows them. */
export const KIT_NEEDS = ['water', 'food', 'light', 'power', 'first_aid', 'communication'] as const;
export type KitNeed = (typeof KIT_NEEDS)[number];

/** What a product can say it is for (products.supply_kind): the needs, plus two the builder never proposes. */
export const SUPPLY_KINDS = [...KIT_NEEDS, 'shelter', 'tool'] as const;
export type SupplyKind = (typeof SUPPLY_KINDS)[number];

export const SUPPLY_KIND_LABELS: Record<SupplyKind, string> = {
  water: 'Water',
  food: 'Food',
  light: 'Light',
  power: 'Power',
  first_aid: 'First aid',
  communication: 'Communication',
  shelter: 'Shelter',
  tool: 'Tool',
};

/** How long the kit lasts. */
export const KIT_DURATIONS = [
  { key: 'go-bag', days: 3, label: '3 days to evacuate (go bag)' },
  { key: 'two-weeks', days: 14, label: '2 weeks at home' },
  { key: 'thirty-days', days: 30, label: '30 days' },
] as const;
export type KitDurationKey = (typeof KIT_DURATIONS)[number]['key'];

/** A US gallon in litres (the water need is in gallons, products state litres). */
export const LITRES_PER_GALLON = 3.785411784;

/**
 * The rules. Each figure is what the page states and docs/preparedness.md sources:
 * water one gallon per person per day (Ready.gov, FEMA) and half a gallon per pet per day (about an
 * ounce per pound of body weight for a medium-sized dog); food 2,000 kcal per adult per day (the FDA's
 * Daily Value reference) and 1,400 kcal per child (the Dietary Guidelines for Americans, a moderately
 * active child of 4 to 8); light, power, first aid and communication a count per household.
 */
export const KIT_RULES = {
  water: { gallonsPerPersonPerDay: 1, gallonsPerPetPerDay: 0.5 },
  food: { kcalPerAdultPerDay: 2000, kcalPerChildPerDay: 1400 },
  perHousehold: { light: 2, power: 1, first_aid: 1, communication: 1 },
} as const;

const { water: WATER, food: FOOD, perHousehold: PER_HOUSEHOLD } = KIT_RULES;

/** Each rule in words, as the page states it beside the need. */
export const KIT_RULE_TEXTS: Record<KitNeed, string> = {
  water: `${WATER.gallonsPerPersonPerDay} gallon of water per person per day, plus ${WATER.gallonsPerPetPerDay} gallon per pet per day, for drinking, cooking and hygiene.`,
  food: `${formatNumber(FOOD.kcalPerAdultPerDay)} kcal per adult and ${formatNumber(FOOD.kcalPerChildPerDay)} kcal per child per day, from food that keeps without a fridge. Pet food is not counted.`,
  light: `${PER_HOUSEHOLD.light} lights per household (flashlights, headlamps or lanterns), so one stays in the house when someone goes out.`,
  power: `${PER_HOUSEHOLD.power} source of power per household to charge phones and radios (a power bank, a charger, a solar panel or a power station).`,
  first_aid: `${PER_HOUSEHOLD.first_aid} first aid kit per household.`,
  communication: `${PER_HOUSEHOLD.communication} radio or satellite communicator per household, for alerts when the phone network is down.`,
};

/** Where each rule comes from (docs/preparedness.md has the details). */
export const KIT_RULE_SOURCES: Record<KitNeed, { name: string; url: string }> = {
  water: { name: 'Ready.gov: Water', url: 'https://www.ready.gov/water' },
  food: {
    name: 'Dietary Guidelines for Americans, 2020-2025',
    url: 'https://www.dietaryguidelines.gov/',
  },
  light: { name: 'Ready.gov: Build a Kit', url: 'https://www.ready.gov/kit' },
  power: { name: 'Ready.gov: Power Outages', url: 'https://www.ready.gov/power-outages' },
  first_aid: { name: 'Ready.gov: Build a Kit', url: 'https://www.ready.gov/kit' },
  communication: { name: 'Ready.gov: Build a Kit', url: 'https://www.ready.gov/kit' },
};

/** The unit each need is measured in, singular and plural. */
export const KIT_NEED_UNITS: Record<KitNeed, readonly [string, string]> = {
  water: ['gallon', 'gallons'],
  food: ['kcal', 'kcal'],
  light: ['light', 'lights'],
  power: ['power source', 'power sources'],
  first_aid: ['kit', 'kits'],
  communication: ['device', 'devices'],
};

/** Most people or pets of one kind the builder plans for. */
export const MAX_HOUSEHOLD_MEMBERS = 20;
/** The most of one product a kit proposes (an order line's own cap). */
export const MAX_KIT_QUANTITY = 999;

export type KitMode = 'price' | 'rating';

/** What the shopper asked for: the page's address holds exactly this. */
export interface KitPlan {
  adults: number;
  children: number;
  pets: number;
  duration: KitDurationKey;
  needs: KitNeed[];
  mode: KitMode;
}

export const DEFAULT_KIT_PLAN: KitPlan = {
  adults: 2,
  children: 0,
  pets: 0,
  duration: 'two-weeks',
  needs: [...KIT_NEEDS],
  mode: 'price',
};

export function kitDays(duration: KitDurationKey): number {
  return KIT_DURATIONS.find((entry) => entry.key === duration)!.days;
}

/** How much of one need the household has to cover, in the need's unit. */
export interface KitRequirement {
  need: KitNeed;
  amount: number;
}

/** The needs of a plan: nothing for an empty household. Water may be fractional (pets), the rest is whole. */
export function kitRequirements(plan: KitPlan): KitRequirement[] {
  const people = plan.adults + plan.children;
  if (people === 0) return [];
  const days = kitDays(plan.duration);
  const amountOf = (need: KitNeed): number => {
    switch (need) {
      case 'water':
        return (people * WATER.gallonsPerPersonPerDay + plan.pets * WATER.gallonsPerPetPerDay) * days;
      case 'food':
        return (plan.adults * FOOD.kcalPerAdultPerDay + plan.children * FOOD.kcalPerChildPerDay) * days;
      default:
        return PER_HOUSEHOLD[need];
    }
  };
  return KIT_NEEDS.filter((need) => plan.needs.includes(need)).map((need) => ({
    need,
    amount: amountOf(need),
  }));
}

/**
 * The columns the builder reads of a product (products with their category's name), with the units held
 * for other people's waitlist holds during an emergency (the computed field waitlist_held_units).
 */
export const KIT_PRODUCT_SELECT =
  'id, name, price, original_price, image_url, in_stock, stock_count, waitlist_held_units, purchase_limit, rating, review_count, supply_kind, servings_per_unit, calories_per_unit, water_litres_per_unit, person_days_per_unit, category:categories(name)' as const;

/** A products row as KIT_PRODUCT_SELECT gives it (numeric columns may come as strings). */
export interface KitProductRow {
  id: string;
  name: string;
  price: number | string;
  original_price: number | string | null;
  image_url: string;
  in_stock: boolean;
  stock_count: number;
  /** Emergency mode: units held for other people's waitlist holds (at most stock_count). */
  waitlist_held_units?: number | null;
  purchase_limit: number | null;
  rating: number | string;
  review_count: number;
  supply_kind: string | null;
  servings_per_unit: number | null;
  calories_per_unit: number | null;
  water_litres_per_unit: number | string | null;
  person_days_per_unit: number | string | null;
  category: { name: string } | null;
}

/** A product as the builder weighs it. */
export interface KitProduct {
  id: string;
  name: string;
  price: number;
  originalPrice: number | null;
  image: string;
  category: string;
  inStock: boolean;
  stockCount: number;
  purchaseLimit: number | null;
  rating: number;
  reviewCount: number;
  supplyKind: SupplyKind | null;
  servingsPerUnit: number | null;
  caloriesPerUnit: number | null;
  waterLitresPerUnit: number | null;
  personDaysPerUnit: number | null;
}

const numberOrNull = (value: number | string | null): number | null => (value == null ? null : Number(value));

function isSupplyKind(value: string | null): value is SupplyKind {
  return (SUPPLY_KINDS as readonly (string | null)[]).includes(value);
}

/**
 * A row as the builder weighs it. Units held for other people's waitlist holds are not for this shopper
 * (the checkout refuses them): they come off the stock, and a product whose every unit is held is not in
 * stock, so it is never proposed.
 */
export function toKitProduct(row: KitProductRow): KitProduct {
  const stockCount = row.stock_count - (row.waitlist_held_units ?? 0);
  return {
    id: row.id,
    name: row.name,
    price: Number(row.price),
    originalPrice: numberOrNull(row.original_price),
    image: row.image_url,
    category: row.category?.name ?? '',
    inStock: row.in_stock && stockCount > 0,
    stockCount,
    purchaseLimit: row.purchase_limit,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    supplyKind: isSupplyKind(row.supply_kind) ? row.supply_kind : null,
    servingsPerUnit: row.servings_per_unit,
    caloriesPerUnit: row.calories_per_unit,
    waterLitresPerUnit: numberOrNull(row.water_litres_per_unit),
    personDaysPerUnit: numberOrNull(row.person_days_per_unit),
  };
}

/**
 * How much of `need` one unit covers, in the need's unit; null when the product does not state it: a
 * product covers only the need of its own kind, water by its litres, food by its kcal, the others one
 * each.
 */
export function coveragePerUnit(product: KitProduct, need: KitNeed): number | null {
  if (product.supplyKind !== need) return null;
  if (need === 'water')
    return product.waterLitresPerUnit == null ? null : product.waterLitresPerUnit / LITRES_PER_GALLON;
  if (need === 'food') return product.caloriesPerUnit;
  return 1;
}

/** How many of a product the kit may take: what is in stock, within the per-order limit. */
function available(product: KitProduct): number {
  if (!product.inStock) return 0;
  return Math.max(
    0,
    Math.min(product.stockCount, product.purchaseLimit ?? MAX_KIT_QUANTITY, MAX_KIT_QUANTITY),
  );
}

/** Below this a remainder is rounding, not a gap. */
const EPSILON = 1e-9;

export interface KitLine {
  product: KitProduct;
  need: KitNeed;
  quantity: number;
  /** What these units cover in all, in the need's unit. */
  covers: number;
  lineTotal: number;
}

export interface KitCoverage {
  need: KitNeed;
  required: number;
  /** What the kit covers of the requirement (at most the requirement). */
  covered: number;
  /** What is left uncovered: a gap when above 0. */
  missing: number;
}

export interface Kit {
  lines: KitLine[];
  coverage: KitCoverage[];
  total: number;
}

function unitsFor(remaining: number, perUnit: number, max: number): number {
  return Math.min(max, Math.ceil(remaining / perUnit - EPSILON));
}

/**
 * The kit for one requirement. Lowest price: step by step, the product whose units covering what is
 * left cost least per unit of need actually covered (so a cheap small product wins a small need and a
 * large one a large need), taking as many as that needs or as are available. Best rated: the highest
 * rated first (more reviews, then lower price, break ties), as many as needed or available. Ties end on
 * the product id, so the same catalogue always gives the same kit.
 */
function linesFor(requirement: KitRequirement, products: readonly KitProduct[], mode: KitMode): KitLine[] {
  const candidates = products
    .map((product) => ({
      product,
      perUnit: coveragePerUnit(product, requirement.need),
      max: available(product),
    }))
    .filter(
      (candidate): candidate is { product: KitProduct; perUnit: number; max: number } =>
        candidate.perUnit !== null && candidate.perUnit > 0 && candidate.max > 0,
    );
  const lines: KitLine[] = [];
  let remaining = requirement.amount;
  const byId = (a: KitProduct, b: KitProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  while (remaining > EPSILON && candidates.length > 0) {
    const priced = candidates.map((candidate) => {
      const units = unitsFor(remaining, candidate.perUnit, candidate.max);
      const cost = units * candidate.product.price;
      const useful = Math.min(remaining, units * candidate.perUnit);
      return { candidate, units, cost, costPerCovered: cost / useful };
    });
    priced.sort((a, b) =>
      mode === 'rating'
        ? b.candidate.product.rating - a.candidate.product.rating ||
          b.candidate.product.reviewCount - a.candidate.product.reviewCount ||
          a.costPerCovered - b.costPerCovered ||
          byId(a.candidate.product, b.candidate.product)
        : a.costPerCovered - b.costPerCovered ||
          a.cost - b.cost ||
          byId(a.candidate.product, b.candidate.product),
    );
    const best = priced[0]!;
    const covers = best.units * best.candidate.perUnit;
    lines.push({
      product: best.candidate.product,
      need: requirement.need,
      quantity: best.units,
      covers,
      lineTotal: roundMoney(best.cost),
    });
    remaining -= covers;
    candidates.splice(candidates.indexOf(best.candidate), 1);
  }
  return lines;
}

/** The kit for a plan from the products offered (in-stock products stating a kind; others are ignored). */
export function buildKit(plan: KitPlan, products: readonly KitProduct[]): Kit {
  const lines: KitLine[] = [];
  const coverage: KitCoverage[] = [];
  for (const requirement of kitRequirements(plan)) {
    const needLines = linesFor(requirement, products, plan.mode);
    lines.push(...needLines);
    const provided = needLines.reduce((sum, line) => sum + line.covers, 0);
    const covered = Math.min(requirement.amount, provided);
    const missing = requirement.amount - covered;
    coverage.push({
      need: requirement.need,
      required: requirement.amount,
      covered,
      missing: missing > EPSILON ? missing : 0,
    });
  }
  const total = roundMoney(lines.reduce((sum, line) => sum + line.lineTotal, 0));
  return { lines, coverage, total };
}

/** An amount of a need as the page writes it: whole kcal and counts, gallons to a tenth. */
export function formatKitAmount(need: KitNeed, amount: number): string {
  const rounded = need === 'water' ? Math.round(amount * 10) / 10 : Math.round(amount);
  return formatNumber(rounded);
}

/** 'Water: 14 of 14 gallons'. */
export function coverageText(coverage: KitCoverage): string {
  const [one, other] = KIT_NEED_UNITS[coverage.need];
  const unit = coverage.required === 1 ? one : other;
  return `${SUPPLY_KIND_LABELS[coverage.need]}: ${formatKitAmount(coverage.need, coverage.covered)} of ${formatKitAmount(coverage.need, coverage.required)} ${unit}`;
}

// The address ------------------------------------------------------------------------------------

const MODES: readonly KitMode[] = ['price', 'rating'];

function memberCount(value: string | null, fallback: number): number {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return fallback;
  return Math.min(Number(value.trim()), MAX_HOUSEHOLD_MEMBERS);
}

/**
 * The plan an address holds (`?adults=2&children=1&pets=1&days=14&cover=water,food&by=price`); what is
 * missing or not understood takes its default, so a shared link always rebuilds a kit.
 */
export function parseKitPlan(params: URLSearchParams): KitPlan {
  const days = Number(params.get('days'));
  const duration = KIT_DURATIONS.find((entry) => entry.days === days)?.key ?? DEFAULT_KIT_PLAN.duration;
  // One comma list (the page's own links) or one `cover` per ticked box (the form sent without script).
  const cover = params.getAll('cover').flatMap((value) => value.split(','));
  const needs = params.has('cover')
    ? KIT_NEEDS.filter((need) => cover.includes(need))
    : DEFAULT_KIT_PLAN.needs;
  const by = params.get('by');
  return {
    adults: memberCount(params.get('adults'), DEFAULT_KIT_PLAN.adults),
    children: memberCount(params.get('children'), DEFAULT_KIT_PLAN.children),
    pets: memberCount(params.get('pets'), DEFAULT_KIT_PLAN.pets),
    duration,
    needs: [...needs],
    mode: MODES.find((mode) => mode === by) ?? DEFAULT_KIT_PLAN.mode,
  };
}

/** The address's query for a plan (the inverse of parseKitPlan). */
export function kitPlanSearch(plan: KitPlan): string {
  const params = new URLSearchParams({
    adults: String(plan.adults),
    children: String(plan.children),
    pets: String(plan.pets),
    days: String(kitDays(plan.duration)),
    cover: KIT_NEEDS.filter((need) => plan.needs.includes(need)).join(','),
    by: plan.mode,
  });
  return params.toString();
}
