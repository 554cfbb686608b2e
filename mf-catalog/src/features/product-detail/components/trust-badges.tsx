import { texts } from '../../../texts';

const icons = [
  'M6 10V8a6 6 0 1 1 12 0v2M5 10h14v11H5z',
  'M3 7h11v8H3zM14 10h4l3 3v2h-7M7 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  'M4 12a8 8 0 1 0 3-6.3M4 4v4h4',
  'M12 2l7 4v6c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6z',
];

export function TrustBadges() {
  return (
    <ul className="grid grid-cols-2 gap-3">
      {texts.product.trust.map((badge, index) => (
        <li key={badge.title} className="flex items-start gap-2 rounded-lg bg-slate-50 p-3">
          <svg
            viewBox="0 0 24 24"
            className="mt-0.5 h-5 w-5 shrink-0 text-orange-600"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d={icons[index]} />
          </svg>
          <span>
            <span className="block text-sm font-semibold text-slate-900">{badge.title}</span>
            <span className="block text-xs text-slate-600">{badge.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
