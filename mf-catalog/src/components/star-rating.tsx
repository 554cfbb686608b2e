import { texts } from '../texts';

/** Heroicons' solid star (24 × 24), moved `x` to the right. */
const star = (x: number) =>
  `M${10.788 + x} 3.21c.448-1.077 1.976-1.077 2.424 0l2.082 5.006 5.404.434c1.164.093 1.636 1.545.749 2.305l-4.117 3.527 1.257 5.273c.271 1.136-.964 2.033-1.96 1.425L${12 + x} 18.354 ${7.373 + x} 21.18c-.996.608-2.231-.29-1.96-1.425l1.257-5.273-4.117-3.527c-.887-.76-.415-2.212.749-2.305l5.404-.434 2.082-5.005Z`;

/** Five stars side by side, one path. */
const FIVE_STARS = [0, 24, 48, 72, 96].map(star).join('');

/**
 * Five stars filled to the rating (each star to the nearest tenth), with the number read out for screen
 * readers. One SVG of two paths: the grey stars, and the amber ones inside a nested SVG as wide as the
 * rating, which clips them. A list of twelve cards held 420 elements of stars when each star was its own
 * two icons; the widths are SVG attributes, not a style attribute (the Content-Security-Policy allows none).
 */
export function StarRating({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'md' }) {
  const width = (Math.round(Math.max(0, Math.min(5, rating)) * 10) * 12) / 5;
  return (
    <span className="inline-flex items-center" role="img" aria-label={texts.card.rating(rating)}>
      <svg viewBox="0 0 120 24" className={size === 'sm' ? 'h-4 w-20' : 'h-5 w-25'} aria-hidden="true">
        <path className="fill-slate-200" d={FIVE_STARS} />
        <svg width={width} height="24" viewBox={`0 0 ${width} 24`}>
          <path className="fill-amber-400" d={FIVE_STARS} />
        </svg>
      </svg>
    </span>
  );
}
