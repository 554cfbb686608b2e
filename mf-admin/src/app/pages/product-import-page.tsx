import { routes, toast } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles, icons, PageHeader } from '../../components';
import {
  applyImportMutation,
  checkImportRows,
  startImport,
  type CheckedRow,
  type ImportAction,
  type ImportSummary,
} from '../../features/products/api/bulk-products';
import { chunkRows, parseProductsCsv, type ImportRow } from '../../features/products/lib/product-csv';
import { formatValue } from '../../features/audit/components/audit-entry';
import { productTexts } from '../../features/products/texts';

const t = productTexts.import;
/** Rows listed under the dry run (errors first); the counts cover every row. */
const SHOWN_ROWS = 200;

type State =
  | { step: 'idle' }
  | { step: 'file-errors'; errors: string[] }
  | { step: 'checking'; done: number; total: number }
  | {
      step: 'checked';
      importId: string;
      rows: ImportRow[];
      checked: CheckedRow[];
      ignoredColumns: string[];
    }
  | { step: 'applied'; summary: ImportSummary };

const ACTION_TONE: Record<ImportAction, string> = {
  create: 'bg-green-100 text-green-800',
  update: 'bg-blue-100 text-blue-800',
  unchanged: 'bg-slate-100 text-slate-700',
  error: 'bg-red-100 text-red-800',
};

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** The counts of a dry run by action. */
export function countActions(checked: readonly CheckedRow[]): Record<ImportAction, number> {
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of checked) counts[row.action] += 1;
  return counts;
}

/**
 * /admin/products/import (products permission, checked by the database): a CSV file is read in the
 * browser, sent in chunks for the dry run (progress shown), which lists per row what would change and
 * its errors; with no error, one call applies every row in one transaction.
 */
export function ProductImportPage() {
  useDocumentTitle(`${t.title} · Admin`);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const apply = applyImportMutation.use();

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setState({ step: 'file-errors', errors: [t.emptyFile] });
      return;
    }
    const parsed = parseProductsCsv(await file.text());
    if (parsed.fileErrors.length > 0 || parsed.rows.length === 0) {
      setState({
        step: 'file-errors',
        errors: parsed.fileErrors.length > 0 ? parsed.fileErrors : [t.emptyFile],
      });
      return;
    }
    const total = parsed.rows.length;
    setState({ step: 'checking', done: 0, total });
    try {
      const importId = await startImport(file.name);
      const checked: CheckedRow[] = [];
      for (const chunk of chunkRows(parsed.rows)) {
        checked.push(...(await checkImportRows(importId, chunk)));
        setState({ step: 'checking', done: checked.length, total });
      }
      setState({
        step: 'checked',
        importId,
        rows: parsed.rows,
        checked,
        ignoredColumns: parsed.ignoredColumns,
      });
    } catch (error) {
      setState({ step: 'file-errors', errors: [t.checkFailed(messageOf(error))] });
    }
  }

  async function applyImport() {
    if (state.step !== 'checked') return;
    const outcome = await apply.mutate(state.importId);
    if (outcome.skipped) return;
    if (outcome.ok) {
      const { created, updated, unchanged } = outcome.data;
      toast.success(t.applied(created, updated, unchanged));
      setState({ step: 'applied', summary: outcome.data });
    } else {
      toast.error(t.applyFailed(messageOf(outcome.error)));
    }
  }

  return (
    <div>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        back={
          <Link to={routes.admin.products} className={buttonStyles.back}>
            <icons.arrowLeft />
            {t.back}
          </Link>
        }
      />
      <div className="space-y-6">
        <form
          onSubmit={(event) => void check(event)}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <p className="text-sm text-slate-600">{t.intro}</p>
          <label htmlFor={fileId} className="mt-4 block text-sm font-medium text-slate-700">
            {t.file}
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={() => setState({ step: 'idle' })}
          />
          <button
            type="submit"
            className={`${buttonStyles.primary} mt-4`}
            disabled={state.step === 'checking' || apply.busy}
          >
            {t.check}
          </button>
        </form>

        {state.step === 'file-errors' ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-semibold">{t.fileErrors}</p>
            <ul className="mt-1 list-disc pl-5">
              {state.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        ) : null}

        {state.step === 'checking' ? (
          <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <p id={`${fileId}-progress`} className="text-sm text-slate-700" aria-live="polite">
              {t.checking(state.done, state.total)}
            </p>
            <progress
              aria-labelledby={`${fileId}-progress`}
              className="mt-2 h-2 w-full accent-orange-600"
              max={state.total}
              value={state.done}
            />
          </div>
        ) : null}

        {state.step === 'checked' ? (
          <DryRun
            rows={state.rows}
            checked={state.checked}
            ignoredColumns={state.ignoredColumns}
            applying={apply.busy}
            onApply={() => void applyImport()}
          />
        ) : null}

        {state.step === 'applied' ? (
          <div
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
          >
            <p className="font-semibold">
              {t.applied(state.summary.created, state.summary.updated, state.summary.unchanged)}
            </p>
            <Link to={routes.admin.products} className="mt-2 inline-block font-medium underline">
              {t.back}
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** How the dry run names a row's product: the file's name for it, else the SKU, slug or id it gave. */
export function rowProduct(row: ImportRow | undefined): { name: string; sku: string | null } {
  const cell = (value: string | undefined) => value?.trim() || null;
  const sku = cell(row?.sku);
  return { name: cell(row?.name) ?? sku ?? cell(row?.slug) ?? cell(row?.id) ?? '', sku };
}

function DryRun({
  rows,
  checked,
  ignoredColumns,
  applying,
  onApply,
}: {
  rows: readonly ImportRow[];
  checked: readonly CheckedRow[];
  ignoredColumns: readonly string[];
  applying: boolean;
  onApply: () => void;
}) {
  const counts = countActions(checked);
  const worth = [
    ...checked.filter((row) => row.action === 'error'),
    ...checked.filter((row) => row.action === 'create' || row.action === 'update'),
  ];
  const shown = worth.slice(0, SHOWN_ROWS);
  const byLine = new Map(rows.map((row) => [row.line, row]));
  return (
    <section aria-labelledby="dry-run" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="p-4 sm:p-6">
        <h2 id="dry-run" className="text-lg font-semibold text-slate-900">
          {t.summary}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(['create', 'update', 'unchanged', 'error'] as const).map((action) => (
            <div key={action} className="rounded-md border border-slate-200 p-3">
              <dt className="text-xs font-medium text-slate-500">{t.counts[action]}</dt>
              <dd className="text-xl font-semibold text-slate-900" data-testid={`import-count-${action}`}>
                {counts[action]}
              </dd>
            </div>
          ))}
        </dl>
        {ignoredColumns.length > 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t.ignoredColumns(ignoredColumns.join(', '))}</p>
        ) : null}
        {counts.error > 0 ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {t.hasErrors}
          </p>
        ) : (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-700">{t.ready}</p>
            <button type="button" className={buttonStyles.primary} disabled={applying} onClick={onApply}>
              {applying ? t.applying(checked.length) : t.apply(checked.length)}
            </button>
            {applying ? (
              <progress aria-label={t.applying(checked.length)} className="h-2 w-40 accent-orange-600" />
            ) : null}
          </div>
        )}
      </div>
      {shown.length > 0 ? (
        <div className="overflow-x-auto border-t border-slate-200">
          {worth.length > shown.length ? (
            <p className="px-4 pt-3 text-sm text-slate-600">{t.showing(shown.length, worth.length)}</p>
          ) : null}
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t.rowsTitle}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  {t.columns.line}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t.columns.action}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t.columns.product}
                </th>
                <th scope="col" className="px-4 py-2">
                  {t.columns.details}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((row) => {
                const product = rowProduct(byLine.get(row.line));
                return (
                  <tr key={row.line} data-testid="import-row">
                    <td className="px-4 py-2 align-top text-slate-700">{row.line}</td>
                    <td className="px-4 py-2 align-top">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ACTION_TONE[row.action]}`}
                      >
                        {t.actions[row.action]}
                      </span>
                    </td>
                    <td className="px-4 py-2 align-top">
                      <div className="font-medium break-words text-slate-900">{product.name}</div>
                      {product.sku && product.sku !== product.name ? (
                        <div className="text-xs text-slate-500">{productTexts.list.sku(product.sku)}</div>
                      ) : null}
                    </td>
                    <td className="px-4 py-2 align-top">
                      {row.errors.length > 0 ? (
                        <ul className="list-disc pl-4 text-red-700">
                          {row.errors.map((error) => (
                            <li key={error}>{error}</li>
                          ))}
                        </ul>
                      ) : (
                        <dl className="space-y-0.5">
                          {Object.entries(row.changes).map(([field, change]) => (
                            <div key={field}>
                              <dt className="inline font-medium text-slate-700">{field}: </dt>
                              <dd className="inline break-words text-slate-600">
                                {change && 'before' in change ? (
                                  <>
                                    <del className="text-red-700">{formatValue(change.before)}</del>
                                    <span aria-hidden="true"> → </span>
                                    <span className="sr-only"> {t.became} </span>
                                  </>
                                ) : null}
                                <ins className="text-green-800 no-underline">
                                  {formatValue(change?.after)}
                                </ins>
                              </dd>
                            </div>
                          ))}
                        </dl>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
