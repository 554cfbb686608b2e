import { routes, useStoreInfo } from '@prepper/shared';
import { telHref } from '@prepper/shared/format';
import { Link } from 'react-router-dom';
import { texts } from '../../texts';
import { Logo } from './logo';

const linkClass = 'text-slate-300 hover:text-white hover:underline underline-offset-2';

/** Where a company or help link leads: the blog, the reviews page, or the content page named like it. */
function linkTarget(label: string): string {
  if (label === 'Blog') return routes.blog;
  if (label === 'Reviews') return routes.reviews;
  return routes.contentPage(label.toLowerCase().replace(' ', '-'));
}

/** A heading and its list: `first` (if any), then a link per label. */
function LinkColumn({
  heading,
  labels,
  first,
}: {
  heading: string;
  labels: readonly string[];
  first?: React.ReactNode;
}) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{heading}</h2>
      <ul className="space-y-2 text-sm">
        {first}
        {labels.map((label) => (
          <li key={label}>
            <Link to={linkTarget(label)} className={linkClass}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { footer } = texts;
  const settings = useStoreInfo().settings;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-2">
          <div className="inline-block rounded-lg bg-white px-3 py-2">
            <Logo alwaysShowTagline />
          </div>
          <p className="max-w-sm text-sm">{footer.about(settings.name)}</p>
          <p className="text-sm">
            <span className="block font-semibold text-white">{footer.hotlineLabel}</span>
            <a
              href={telHref(settings.hotlinePhone)}
              className="text-lg font-bold text-orange-400 hover:underline"
            >
              {settings.hotlinePhone}
            </a>
          </p>
        </div>
        <LinkColumn
          heading={footer.companyHeading}
          labels={footer.companyLinks}
          first={
            <li>
              <Link to={routes.products} className={linkClass}>
                {footer.allProducts}
              </Link>
            </li>
          }
        />
        <LinkColumn heading={footer.helpHeading} labels={footer.helpLinks} />
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">
            {footer.contactHeading}
          </h2>
          <address className="space-y-3 text-sm not-italic">
            <p>
              <span className="block text-slate-400">{footer.supportLabel}</span>
              {settings.supportPhones.map((phone, index) => (
                <a key={index} href={telHref(phone)} className={`block py-0.5 ${linkClass}`}>
                  {phone}
                </a>
              ))}
            </p>
            <p>
              {[settings.supportEmail, settings.ordersEmail].map((mail, index) => (
                <a key={index} href={`mailto:${mail}`} className={`block py-0.5 ${linkClass}`}>
                  {mail}
                </a>
              ))}
            </p>
            <p>
              {settings.address.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>{footer.copyright(settings.name)}</p>
          <nav aria-label={footer.legalNav}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {(
                [
                  [routes.privacyPolicy, footer.privacyPolicy],
                  [routes.termsOfService, footer.termsOfService],
                  [routes.cookiePolicy, footer.cookiePolicy],
                ] as const
              ).map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className={linkClass}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
