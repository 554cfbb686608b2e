import { StarIcon } from '@heroicons/react/24/solid';
import { texts } from '../texts';

/**
 * A star's fill in tenths, as classes (a style attribute in server-rendered HTML would need
 * 'unsafe-inline' in the Content-Security-Policy).
 */
const FILL_WIDTHS = [
  'w-0',
  'w-[10%]',
  'w-[20%]',
  'w-[30%]',
  'w-[40%]',
  'w-[50%]',
  'w-[60%]',
  'w-[70%]',
  'w-[80%]',
  'w-[90%]',
  'w-full',
] as const;

/** Five stars filled to the rating, with the number read out for screen readers. */
export function StarRating({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'md' }) {
  const dimension = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <span className="inline-flex items-center" role="img" aria-label={texts.card.rating(rating)}>
      {[0, 1, 2, 3, 4].map((index) => {
        const fill = Math.max(0, Math.min(1, rating - index));
        return (
          <span key={index} className={`relative ${dimension}`} aria-hidden="true">
            <StarIcon className={`absolute inset-0 ${dimension} fill-slate-200`} />
            <span
              className={`absolute inset-y-0 left-0 overflow-hidden ${FILL_WIDTHS[Math.round(fill * 10)]}`}
            >
              <StarIcon className={`${dimension} fill-amber-400`} />
            </span>
          </span>
        );
      })}
    </span>
  );
}
