import { routes } from '@prepper/shared';
import { NotLoaded, Spinner, useDocumentTitle } from '@prepper/shared/ui';
import { useSearchParams } from 'react-router-dom';
import { orderByTokenQuery, useOrderByToken } from '../../features/guest/api/get-order-by-token';
import { OrderStatus } from '../../features/guest/components/order-status';
import { texts } from '../../texts';

/**
 * /order-status?token=…: one order from the link in its e-mail, for whoever holds the link (a guest
 * with no account, on any device). The database's order_lookup reads it; no sign-in needed.
 */
export function OrderStatusPage() {
  useDocumentTitle(texts.orderStatus.title);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const order = useOrderByToken(token === '' ? null : token);

  if (order.status === 'success' && order.data) return <OrderStatus order={order.data} />;
  if (order.status === 'loading')
    return <Spinner label={texts.orderStatus.loading} className="min-h-[50vh]" />;
  return (
    <NotLoaded
      title={texts.orderStatus.notFoundTitle}
      failed={order.status === 'error'}
      failedLead={texts.orderStatus.loadFailed}
      notFoundLead={texts.orderStatus.notFoundLead}
      retryLabel={texts.orderStatus.retry}
      onRetry={() => orderByTokenQuery.invalidate(token)}
      linkTo={routes.products}
      linkLabel={texts.orderStatus.continueShopping}
    />
  );
}
