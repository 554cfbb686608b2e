import { useState } from 'react';
import { buttonStyles } from '../../../components';
import { getConfirmedSubscribers, newsletterCountsQuery } from '../api/newsletter';
import { subscribersCsv } from '../lib/subscribers-csv';

const t = {
  heading: 'Newsletter',
  counts: (confirmed: number, unconfirmed: number) =>
    `${confirmed} confirmed ${confirmed === 1 ? 'subscriber' : 'subscribers'}; ${unconfirmed} awaiting confirmation.`,
  loading: 'Loading the newsletter figures',
  loadFailed: 'The newsletter figures could not be loaded.',
  export: 'Export confirmed subscribers (CSV)',
  exporting: 'Exporting…',
  exportFailed: 'The export failed. Please try again.',
};

/** Hands the file to the browser's download. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** On /admin/customers (customers permission): the subscriber count and the CSV export of confirmed ones. */
export function NewsletterPanel() {
  const counts = newsletterCountsQuery.use([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function exportCsv() {
    setBusy(true);
    setFailed(false);
    try {
      const subscribers = await getConfirmedSubscribers();
      download(
        `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`,
        subscribersCsv(subscribers),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="newsletter-panel"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="newsletter-panel" className="text-base font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="newsletter-counts">
        {counts.status === 'success'
          ? t.counts(counts.data.confirmed, counts.data.unconfirmed)
          : counts.status === 'error'
            ? t.loadFailed
            : t.loading}
      </p>
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-3`}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void exportCsv()}
      >
        {busy ? t.exporting : t.export}
      </button>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t.exportFailed}
        </p>
      ) : null}
    </section>
  );
}
