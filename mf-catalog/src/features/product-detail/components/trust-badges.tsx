import { ArrowPathIcon, LockClosedIcon, ShieldCheckIcon, TruckIcon } from '@heroicons/react/24/outline';
import { texts } from '../../../texts';

const icons = [LockClosedIcon, TruckIcon, ArrowPathIcon, ShieldCheckIcon];

function BadgeIcon({ index }: { index: number }) {
  const Icon = icons[index] ?? ShieldCheckIcon;
  return <Icon className="mt-0.5 h-5 w-5 shrink-0 text-orange-600" />;
}

export function TrustBadges() {
  return (
    <ul className="grid grid-cols-2 gap-3">
      {texts.product.trust.map((badge, index) => (
        <li key={badge.title} className="flex items-start gap-2 rounded-lg bg-slate-50 p-3">
          <BadgeIcon index={index} />
          <span>
            <span className="block text-sm font-semibold text-slate-900">{badge.title}</span>
            <span className="block text-xs text-slate-600">{badge.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
