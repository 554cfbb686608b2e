import { formatPriceShort, useStoreInfo } from '@prepper/shared';
import { telHref } from '@prepper/shared/format';
import { PhoneIcon } from '@heroicons/react/24/outline';
import { texts } from '../../texts';

/** The strip above the header: the emergency hotline, always one tap away, and the free-shipping rule. */
export function TopBar() {
  const { hotlinePhone, pricing } = useStoreInfo().settings;
  return (
    <div className="bg-slate-900 text-xs text-slate-100 sm:text-sm">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <p className="flex items-center gap-2">
          <PhoneIcon className="h-4 w-4 text-orange-500" />
          <span>{texts.topBar.hotlineLabel}</span>
          <a
            href={telHref(hotlinePhone)}
            className="font-semibold text-white underline-offset-2 hover:underline"
          >
            {hotlinePhone}
          </a>
        </p>
        <p className="hidden text-slate-300 md:block">
          {pricing.freeShippingThreshold > 0
            ? texts.topBar.shipping(formatPriceShort(pricing.freeShippingThreshold))
            : texts.topBar.freeShipping}
        </p>
      </div>
    </div>
  );
}
