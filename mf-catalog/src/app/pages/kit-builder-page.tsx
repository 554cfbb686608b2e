import { routes, usePageMeta } from '@prepper/shared';
import { buildKit, kitPlanSearch, parseKitPlan, type KitPlan } from '@prepper/shared/kit';
import { Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Breadcrumb } from '../../components/breadcrumb';
import { useKitProducts } from '../../features/kit-builder/api/get-kit-products';
import { KitForm } from '../../features/kit-builder/components/kit-form';
import { KitResult } from '../../features/kit-builder/components/kit-result';
import { kitTexts } from '../../features/kit-builder/texts';
import { SERVER_BUILD } from '../../lib/server-build';
import { texts } from '../../texts';

function Kit({ plan }: { plan: KitPlan }) {
  const state = useKitProducts();
  const kit = useMemo(
    () => (state.status === 'success' ? buildKit(plan, state.data) : null),
    [plan, state.status, state.data],
  );
  if (state.status === 'loading') return <Spinner label={kitTexts.result.loading} className="min-h-96" />;
  if (!kit) return <p className="text-red-700">{kitTexts.result.loadFailed}</p>;
  return <KitResult plan={plan} kit={kit} />;
}

/**
 * /kit-builder: the household and the needs are the address (`?adults=2&children=1&pets=1&days=14...`),
 * so the server renders the same kit a shared link shows; the form only changes the address.
 */
export function KitBuilderPage() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const plan = useMemo(() => parseKitPlan(new URLSearchParams(search)), [search]);
  useDocumentTitle(kitTexts.title);
  usePageMeta(
    SERVER_BUILD
      ? () => ({ title: kitTexts.title, description: kitTexts.lead, canonical: routes.kitBuilder })
      : undefined,
  );
  return (
    <div data-remote="catalog" className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumb items={[{ label: texts.category.home, to: routes.home }, { label: kitTexts.title }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{kitTexts.title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{kitTexts.lead}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[22rem_1fr]">
        <div>
          <KitForm key={search} plan={plan} onSubmit={(next) => setParams(kitPlanSearch(next))} />
        </div>
        <Kit plan={plan} />
      </div>
    </div>
  );
}
