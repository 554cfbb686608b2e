import { usePageMeta } from '@prepper/shared';
import { useDocumentTitle } from '@prepper/shared/ui';
import { policies } from './policies';

/** One of the three policy pages, by its path (loaded lazily by the route table). */
export default function PolicyPage({ path }: { path: string }) {
  const policy = policies.find((candidate) => candidate.path === path);
  useDocumentTitle(policy?.title);
  usePageMeta(policy && { title: policy.title, description: policy.intro, canonical: policy.path });
  if (!policy) throw new Error(`No policy page at ${path}`);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{policy.title}</h1>
      <p className="mt-2 text-sm text-slate-500">{policy.updated}</p>
      <p className="mt-6 text-lg text-slate-700">{policy.intro}</p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
          <p className="mt-2 leading-relaxed text-slate-700">{section.body}</p>
        </section>
      ))}
    </article>
  );
}
