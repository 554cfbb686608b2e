import { routes, type OpenEmergency } from '@prepper/shared';
import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router-dom';
import { lateTexts } from '../../late-texts';

const t = lateTexts.emergency;

/** The open emergency's name and regions, what it changes, and the preparedness guide. */
export function EmergencyBanner({ emergency }: { emergency: OpenEmergency }) {
  return (
    <section aria-label={t.label} className="bg-red-600 text-sm text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
        <p className="flex items-start gap-2 font-semibold">
          <ExclamationTriangleIcon aria-hidden="true" className="h-5 w-5 shrink-0" />
          <span>
            {t.title(emergency.name)}
            {emergency.regions ? <span className="font-normal"> · {emergency.regions}</span> : null}
          </span>
        </p>
        <p>{t.rules}</p>
        <Link to={routes.contentPage(t.guideSlug)} className="font-semibold underline underline-offset-2">
          {t.guide}
        </Link>
      </div>
    </section>
  );
}

/** Loaded lazily; the default export spares the first load the mapping of a named one. */
export default EmergencyBanner;
