import { ArrowPathIcon, LockClosedIcon, ShieldCheckIcon, TruckIcon } from '@heroicons/react/24/outline';
import { formatPriceShort, useStoreInfo } from '@prepper/shared';
import type { ComponentType, SVGProps } from 'react';
import { productTexts } from '../texts';

const { freeShipping, trust } = productTexts;

function Badge({
  Icon,
  title,
  detail,
}: {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  detail: string;
}) {
  return (
    <li className="flex items-start gap-2 rounded-lg bg-slate-50 p-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-orange-600" />
      <span>
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block text-xs text-slate-600">{detail}</span>
      </span>
    </li>
  );
}

/** The four promises under the buy buttons; free shipping names the store's current threshold. */
export function TrustBadges() {
  const threshold = useStoreInfo().settings.pricing.freeShippingThreshold;
  return (
    <ul className="grid grid-cols-2 gap-3">
      <Badge Icon={LockClosedIcon} {...trust[0]} />
      <Badge
        Icon={TruckIcon}
        title={freeShipping.title}
        detail={threshold > 0 ? freeShipping.detail(formatPriceShort(threshold)) : freeShipping.always}
      />
      <Badge Icon={ArrowPathIcon} {...trust[1]} />
      <Badge Icon={ShieldCheckIcon} {...trust[2]} />
    </ul>
  );
}
