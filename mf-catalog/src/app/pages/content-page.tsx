import { routes, usePageMeta, usePageRedirect } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { NotFound } from '../../components/not-found';
import { PageLoading } from '../../components/page-loading';
import { contentPageQuery } from '../../features/content/api/get-content-page';
import { Markdown } from '../../features/content/components/markdown';
import { pageAddress } from '../../features/content/lib/page-address';
import { ContactDetails } from '../../features/contact/components/contact-details';
import { ContactForm } from '../../features/contact/components/contact-form';
import { formatDay } from '../../lib/format-date';
import { contentTexts } from '../../features/content/texts';

/**
 * /pages/:slug: a content page or blog post staff edit in the back office (public.content_pages), its
 * Markdown rendered safely, with the Contact Us or Bulk Orders form when the page has one. An unknown or
 * unpublished slug is the not-found state (404). The policies are served at their own addresses
 * (/privacy-policy: the slug is the path), and /pages/privacy-policy redirects there (301 on the server).
 */
export function ContentPage() {
  const { slug: param } = useParams();
  const { pathname } = useLocation();
  const slug = param ?? pathname.replace(/^\/+|\/+$/g, '');
  const ownAddress = param !== undefined && pageAddress(param) !== routes.contentPage(param);
  usePageRedirect(ownAddress ? pageAddress(slug) : undefined);
  const navigate = useNavigate();
  useEffect(() => {
    if (ownAddress) void navigate(pageAddress(slug), { replace: true });
  }, [ownAddress, slug, navigate]);
  const state = contentPageQuery.use(ownAddress ? null : [slug]);
  const page = state.status === 'success' ? state.data : null;
  useDocumentTitle(
    state.status === 'loading' ? undefined : page ? page.title : contentTexts.content.notFound,
  );
  usePageMeta(
    page
      ? {
          title: page.title,
          description: page.summary || undefined,
          canonical: pageAddress(page.slug),
        }
      : undefined,
  );

  if (ownAddress || state.status === 'loading') return <PageLoading label={contentTexts.content.loading} />;
  if (!page) {
    return (
      <NotFound
        title={contentTexts.content.notFound}
        lead={contentTexts.content.notFoundLead}
        linkTo={routes.home}
        linkLabel={contentTexts.content.backHome}
      />
    );
  }
  const post = page.kind === 'post';
  return (
    <article data-remote="catalog" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Breadcrumb
        items={[
          { label: contentTexts.content.home, to: routes.home },
          ...(post ? [{ label: contentTexts.blog.title, to: routes.blog }] : []),
          { label: page.title },
        ]}
      />
      <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">{page.title}</h1>
      {post && page.publishedAt ? (
        <p className="mt-2 text-sm text-slate-500">
          {contentTexts.content.published(formatDay(page.publishedAt))}
        </p>
      ) : null}
      <div className="mt-8">
        <Markdown source={page.body} />
      </div>
      {page.form === 'contact' ? <ContactDetails /> : null}
      {page.form ? <ContactForm kind={page.form} /> : null}
    </article>
  );
}
