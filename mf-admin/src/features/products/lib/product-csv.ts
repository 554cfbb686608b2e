import Papa from 'papaparse';

/**
 * The product CSV (docs/catalog-csv.md): one header row, then one product per row. Lists (images,
 * features, tags) hold one item per line of their cell; specifications is a JSON object. The import
 * reads the IMPORT_COLUMNS; the others are there for reading and are ignored when a file comes back.
 */
export const CSV_COLUMNS = [
  'id',
  'sku',
  'slug',
  'name',
  'description',
  'category',
  'subcategory',
  'price',
  'original_price',
  'image_url',
  'images',
  'in_stock',
  'stock_count',
  'purchase_limit',
  'features',
  'specifications',
  'tags',
  'supply_kind',
  'servings_per_unit',
  'calories_per_unit',
  'water_litres_per_unit',
  'person_days_per_unit',
  'rating',
  'review_count',
  'created_at',
  'updated_at',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The columns an import reads (the database's admin_product_import_check knows the same). */
export const IMPORT_COLUMNS = [
  'id',
  'sku',
  'slug',
  'name',
  'description',
  'category',
  'subcategory',
  'price',
  'original_price',
  'image_url',
  'images',
  'in_stock',
  'stock_count',
  'purchase_limit',
  'features',
  'specifications',
  'tags',
  'supply_kind',
  'servings_per_unit',
  'calories_per_unit',
  'water_litres_per_unit',
  'person_days_per_unit',
] as const satisfies readonly CsvColumn[];
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The columns the export selects: a products row with its category's and subcategory's slugs. */
export const EXPORT_SELECT =
  'id, sku, slug, name, description, price, original_price, image_url, images, in_stock, stock_count, ' +
  'purchase_limit, features, specifications, tags, supply_kind, servings_per_unit, calories_per_unit, ' +
  'water_litres_per_unit, person_days_per_unit, rating, review_count, created_at, updated_at, ' +
  'category:categories(slug), subcategory:subcategories(slug)';

export interface ExportRow {
  id: string;
  sku: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  original_price: number | null;
  image_url: string;
  images: string[];
  in_stock: boolean;
  stock_count: number;
  purchase_limit: number | null;
  features: string[];
  specifications: Record<string, unknown>;
  tags: string[];
  supply_kind: string | null;
  servings_per_unit: number | null;
  calories_per_unit: number | null;
  water_litres_per_unit: number | null;
  person_days_per_unit: number | null;
  rating: number;
  review_count: number;
  created_at: string;
  updated_at: string;
  category: { slug: string } | null;
  subcategory: { slug: string } | null;
}

const optional = (value: number | null): string => (value == null ? '' : String(value));

/** A row's cells as the CSV writes them. */
export function exportCells(row: ExportRow): Record<CsvColumn, string> {
  return {
    id: row.id,
    sku: row.sku,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category?.slug ?? '',
    subcategory: row.subcategory?.slug ?? '',
    price: String(row.price),
    original_price: optional(row.original_price),
    image_url: row.image_url,
    images: row.images.join('\n'),
    in_stock: row.in_stock ? 'true' : 'false',
    stock_count: String(row.stock_count),
    purchase_limit: optional(row.purchase_limit),
    features: row.features.join('\n'),
    specifications: JSON.stringify(row.specifications ?? {}),
    tags: row.tags.join('\n'),
    supply_kind: row.supply_kind ?? '',
    servings_per_unit: optional(row.servings_per_unit),
    calories_per_unit: optional(row.calories_per_unit),
    water_litres_per_unit: optional(row.water_litres_per_unit),
    person_days_per_unit: optional(row.person_days_per_unit),
    rating: String(row.rating),
    review_count: String(row.review_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Products as CSV (papaparse: RFC 4180 quoting, CRLF line ends between rows). A cell starting with =, +,
 * -, @, a tab or a carriage return gets a leading ' so a spreadsheet does not run it as a formula; the
 * import takes that ' off again. Without the header: the rows alone, to follow an earlier part of the file.
 */
export function productsCsv(rows: readonly ExportRow[], { header = true } = {}): string {
  return Papa.unparse(
    {
      fields: [...CSV_COLUMNS],
      data: rows.map((row) => {
        const cells = exportCells(row);
        return CSV_COLUMNS.map((column) => cells[column]);
      }),
    },
    // papaparse's own test (escapeFormulae: true) misses a cell of several lines; this one does not.
    { newline: '\r\n', escapeFormulae: /^[=+\-@\t\r]/, header },
  );
}

/** One data row of an imported file: its line (1 = first row under the header) and its cells. */
export type ImportRow = { line: number } & Partial<Record<ImportColumn, string>>;

export interface ParsedCsv {
  rows: ImportRow[];
  /** Columns of the header the import does not read (they are left out). */
  ignoredColumns: string[];
  /** Problems with the file as a whole (no header, no column to match or name a product, bad CSV). */
  fileErrors: string[];
}

const FORMULA_ESCAPE = /^'(?=[=+\-@\t\r])/;

/** The cells of a product CSV by column, undoing the export's formula escape. */
export function parseProductsCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const known = new Set<string>(IMPORT_COLUMNS);
  const readOnly = new Set<string>(CSV_COLUMNS);
  const fileErrors: string[] = [];
  if (fields.length === 0) fileErrors.push('The file has no header row');
  else if (!fields.some((field) => ['id', 'sku', 'slug', 'name'].includes(field))) {
    fileErrors.push('The header needs an id, sku, slug or name column');
  }
  // papaparse renames a second `price` to `price_1` and says so.
  const renamed = (parsed.meta as { renamedHeaders?: Record<string, string> | null }).renamedHeaders ?? {};
  const duplicated = Object.values(renamed);
  if (duplicated.length > 0) fileErrors.push(`Columns appear twice: ${[...new Set(duplicated)].join(', ')}`);
  // A file of one column has no delimiter to detect: not an error.
  for (const error of parsed.errors.filter((e) => e.code !== 'UndetectableDelimiter').slice(0, 5)) {
    fileErrors.push(error.row === undefined ? error.message : `Line ${error.row + 1}: ${error.message}`);
  }
  const columns = fields.filter((field) => known.has(field)) as ImportColumn[];
  const rows = parsed.data.map((record, index) => {
    const row: ImportRow = { line: index + 1 };
    for (const column of columns) {
      const value = record[column];
      if (value !== undefined) row[column] = value.replace(FORMULA_ESCAPE, '');
    }
    return row;
  });
  return {
    rows,
    ignoredColumns: fields.filter((field) => !known.has(field) && !readOnly.has(field)),
    fileErrors,
  };
}

/**
 * Rows in chunks for admin_product_import_check: at most `maxRows` rows and about `maxBytes` of JSON
 * each (requests stay well under the 1 MiB a request may carry, and each is a short call).
 */
export function chunkRows(rows: readonly ImportRow[], maxRows = 250, maxBytes = 600_000): ImportRow[][] {
  const chunks: ImportRow[][] = [];
  let chunk: ImportRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (chunk.length > 0 && (chunk.length >= maxRows || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(row);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * A new price in a bulk price change, as the database's product_adjusted_price computes it: by a
 * percentage (at most 2 decimals) or an amount, rounded half up to the cent. Integer cents, so no
 * floating-point error decides a rounding.
 */
export function adjustedPrice(price: number, change: { percent?: number; amount?: number }): number {
  const cents = Math.round(price * 100);
  if (change.percent !== undefined) {
    const scaled = cents * Math.round((100 + change.percent) * 100);
    return (Math.sign(scaled) * Math.floor((Math.abs(scaled) + 5000) / 10000)) / 100;
  }
  return (cents + Math.round((change.amount ?? 0) * 100)) / 100;
}
