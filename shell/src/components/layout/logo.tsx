import { Link } from 'react-router-dom';
import { routes, useStoreInfo } from '@prepper/shared';
import { texts } from '../../texts';
import { ShieldCheckIcon } from '@heroicons/react/24/outline';

/** The brand mark linking home, with the tagline where there is room for it. */
export function Logo({
  onNavigate,
  alwaysShowTagline = false,
}: {
  onNavigate?: () => void;
  alwaysShowTagline?: boolean;
}) {
  const { name, tagline } = useStoreInfo().settings;
  return (
    <Link
      to={routes.home}
      aria-label={texts.header.homeLink(name)}
      onClick={onNavigate}
      className="flex shrink-0 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600"
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-orange-600 text-white">
        <ShieldCheckIcon className="h-5 w-5" />
      </span>
      <span className="leading-tight">
        <span className="block text-lg font-extrabold tracking-tight text-slate-900">{name}</span>
        <span className={`text-xs text-slate-500 ${alwaysShowTagline ? 'block' : 'hidden sm:block'}`}>
          {tagline}
        </span>
      </span>
    </Link>
  );
}
