import { describeOrderEvent, type OrderEvent } from '@prepper/shared/orders';
import { texts } from '../../../texts';
import { formatDateTime } from './format-date';

/** Who did it, as the customer may know it: themselves or the shop (never an administrator's address). */
function actor(event: OrderEvent): string | null {
  if (event.actorRole === 'customer') return texts.orders.byYou;
  if (event.actorRole === 'admin') return texts.orders.byShop;
  if (event.actorRole === 'stripe') return texts.orders.byStripe;
  return null;
}

/** The order's history (order_events, oldest first as mapOrder sorts them). */
export function OrderHistoryTimeline({ events }: { events: readonly OrderEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">{texts.orders.noHistory}</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
      {events.map((event) => {
        const by = actor(event);
        return (
          <li key={event.id} className="relative" data-testid="order-event">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.6rem] h-3 w-3 rounded-full border-2 border-white bg-orange-500"
            />
            <p className="text-sm font-medium text-slate-900">
              {describeOrderEvent(event)}
              {by ? <span className="font-normal text-slate-500"> {by}</span> : null}
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
            </p>
            {event.note ? <p className="mt-1 text-sm text-slate-600">{event.note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
