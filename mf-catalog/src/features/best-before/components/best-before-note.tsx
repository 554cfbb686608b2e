import { bestBeforeText } from '@prepper/shared/lots';
import { useBestBefore } from '../api/get-best-before';

/** "Best before: at least March 2031" for a product with dated lots; nothing otherwise (or on a failed read). */
export function BestBeforeNote({ productId }: { productId: string }) {
  const state = useBestBefore(productId);
  const text = state.status === 'success' && state.data ? bestBeforeText(state.data) : '';
  if (!text) return null;
  return (
    <p data-testid="best-before" className="mt-1 text-sm font-medium text-slate-700">
      {text}
    </p>
  );
}
