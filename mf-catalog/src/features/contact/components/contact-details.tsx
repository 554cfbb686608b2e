import { useStoreInfo } from '@prepper/shared';
import { telHref } from '@prepper/shared/format';
import { contactTexts } from '../texts';

const t = contactTexts.details;
const linkClass = 'font-medium text-orange-700 underline-offset-2 hover:underline';

/** The store's contact details (its settings, edited on /admin/settings) beside the contact forms. */
export function ContactDetails() {
  const { hotlinePhone, supportPhones, supportEmail, ordersEmail, address } = useStoreInfo().settings;
  return (
    <section aria-labelledby="contact-details" className="mt-8 rounded-lg border border-slate-200 p-5">
      <h2 id="contact-details" className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t.support}</dt>
          <dd>
            <a href={`mailto:${supportEmail}`} className={linkClass}>
              {supportEmail}
            </a>
          </dd>
          {supportPhones.map((phone, index) => (
            <dd key={index}>
              <a href={telHref(phone)} className={linkClass}>
                {phone}
              </a>
            </dd>
          ))}
        </div>
        <div>
          <dt className="text-slate-500">{t.orders}</dt>
          <dd>
            <a href={`mailto:${ordersEmail}`} className={linkClass}>
              {ordersEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.hotline}</dt>
          <dd>
            <a href={telHref(hotlinePhone)} className={linkClass}>
              {hotlinePhone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t.address}</dt>
          <dd>
            <address className="not-italic">
              {address.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </div>
      </dl>
    </section>
  );
}
