import { useStoreInfo } from '@prepper/shared';
import { lazy, Suspense } from 'react';

const EmergencyBanner = lazy(() => import('./emergency-banner'));

/**
 * While staff have an emergency declared, a banner on every storefront page (rendered by the server with
 * the page). Its code loads only then: a page without an emergency does not download it.
 */
export function DeferredEmergencyBanner() {
  const { emergency } = useStoreInfo();
  if (!emergency) return null;
  return (
    <Suspense fallback={null}>
      <EmergencyBanner emergency={emergency} />
    </Suspense>
  );
}
