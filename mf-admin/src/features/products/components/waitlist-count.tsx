import { useEffect, useState } from 'react';
import { getWaitlistCounts } from '../api/get-waitlist-counts';
import { productTexts } from '../texts';

const t = productTexts.waitlist;

/** "3 waiting" beside a product's stock: customers to be e-mailed when it is back (none: nothing). */
export function WaitingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-blue-800"
      title={t.waitingLong(count)}
      data-waitlist-count={count}
    >
      {t.waiting(count)}
      <span className="sr-only"> ({t.waitingLong(count)})</span>
    </span>
  );
}

/** The product form's line: how many wait for this product's back-in-stock e-mail. */
export function ProductWaitlistCount({ productId }: { productId: string }) {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let active = true;
    getWaitlistCounts([productId])
      .then((counts) => {
        if (active) setCount(counts[productId] ?? 0);
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      active = false;
    };
  }, [productId]);
  if (count === null) return null;
  return (
    <p className="mb-4 text-sm text-slate-700" data-waitlist-count={count}>
      {t.formLine(count)}
    </p>
  );
}
