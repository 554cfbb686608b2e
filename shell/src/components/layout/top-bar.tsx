import { texts } from '../../texts';
import { PhoneIcon } from '@heroicons/react/24/outline';

/** The strip above the header: the emergency hotline, always one tap away. */
export function TopBar() {
  return (
    <div className="bg-slate-900 text-xs text-slate-100 sm:text-sm">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2">
        <p className="flex items-center gap-2">
          <PhoneIcon className="h-4 w-4 text-orange-500" />
          <span>{texts.topBar.hotlineLabel}</span>
          <a
            href={texts.topBar.hotlineHref}
            className="font-semibold text-white underline-offset-2 hover:underline"
          >
            {texts.topBar.hotline}
          </a>
        </p>
        <p className="hidden text-slate-300 md:block">{texts.topBar.shipping}</p>
      </div>
    </div>
  );
}
