import { routes, usePageMeta } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { Link } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { PageLoading } from '../../components/page-loading';
import { postsQuery } from '../../features/content/api/get-posts';
import { formatDay } from '../../lib/format-date';
import { contentTexts } from '../../features/content/texts';

/** /blog: the published posts (content pages of kind post), newest first, or that there are none yet. */
export function BlogPage() {
  const state = postsQuery.use([]);
  useDocumentTitle(contentTexts.blog.title);
  usePageMeta({
    title: contentTexts.blog.title,
    description: contentTexts.blog.lead,
    canonical: routes.blog,
  });
  if (state.status === 'loading') return <PageLoading label={contentTexts.blog.loading} />;
  const posts = state.status === 'success' ? state.data : [];
  return (
    <div data-remote="catalog" className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Breadcrumb
        items={[{ label: contentTexts.content.home, to: routes.home }, { label: contentTexts.blog.title }]}
      />
      <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">{contentTexts.blog.title}</h1>
      <p className="mt-2 text-slate-600">{contentTexts.blog.lead}</p>
      {posts.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-slate-300 py-12 text-center text-slate-600">
          {contentTexts.blog.noPosts}
        </p>
      ) : (
        <ol className="mt-10 space-y-8">
          {posts.map((post) => (
            <li key={post.slug}>
              <article>
                <h2 className="text-xl font-semibold text-slate-900">
                  <Link to={routes.contentPage(post.slug)} className="hover:text-orange-700 hover:underline">
                    {post.title}
                  </Link>
                </h2>
                {post.publishedAt ? (
                  <p className="mt-1 text-sm text-slate-500">
                    {contentTexts.content.published(formatDay(post.publishedAt))}
                  </p>
                ) : null}
                {post.summary ? <p className="mt-2 text-slate-700">{post.summary}</p> : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
