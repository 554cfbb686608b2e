import { ClockIcon, ShieldCheckIcon, TruckIcon } from '@heroicons/react/24/outline';
import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { texts } from '../../../texts';

const claimIcons = [ShieldCheckIcon, ClockIcon, TruckIcon];

function ClaimIcon({ index }: { index: number }) {
  const Icon = claimIcons[index] ?? ShieldCheckIcon;
  return <Icon className="h-5 w-5 shrink-0 text-orange-400" />;
}

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-slate-900 via-slate-800 to-orange-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="text-sm font-semibold tracking-widest text-orange-400 uppercase">
          {texts.hero.tagline}
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
          {texts.hero.title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-200">{texts.hero.lead}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to={routes.products}
            className="rounded-lg border-2 border-transparent bg-orange-600 px-8 py-3 text-center font-semibold text-white shadow-lg transition hover:bg-orange-700"
          >
            {texts.hero.shopNow}
          </Link>
          <a
            href="#categories"
            className="rounded-lg border-2 border-white/80 px-8 py-3 text-center font-semibold text-white transition hover:bg-white hover:text-slate-900"
          >
            {texts.hero.viewCatalog}
          </a>
          <Link
            to={routes.kitBuilder}
            className="rounded-lg border-2 border-transparent px-8 py-3 text-center font-semibold text-orange-300 underline-offset-4 hover:underline"
          >
            {texts.hero.buildKit}
          </Link>
        </div>
        <ul className="mt-10 flex flex-col gap-3 text-sm text-slate-200 sm:flex-row sm:flex-wrap sm:gap-x-8">
          {texts.hero.claims.map((claim, index) => (
            <li key={claim} className="flex items-center gap-2">
              <ClaimIcon index={index} />
              {claim}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
