import { supplyStatusLabel, type SupplyStatus } from '@prepper/shared/supplies';

const colours: Record<SupplyStatus, string> = {
  expired: 'bg-red-100 text-red-800',
  soon: 'bg-amber-100 text-amber-900',
  fine: 'bg-green-100 text-green-800',
};

/** Expired, Within 90 days or Fine, in words and colour. */
export function SupplyStatusBadge({ status }: { status: SupplyStatus }) {
  return (
    <span
      data-testid="supply-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${colours[status]}`}
    >
      {supplyStatusLabel[status]}
    </span>
  );
}
