import { PAYMENT_METHOD_LABELS, type Order, type PaymentMethod } from '@prepper/shared/orders';
import { texts } from '../../../texts';

/**
 * The payment seam: every way to pay the checkout offers, described in one place. The checkout lists
 * these, sends the chosen `id` to place_order, and the confirmation shows the chosen method's steps.
 *
 * Bank transfer and pay on delivery are manual payments: the order is placed as awaiting payment and an
 * administrator marks it paid. A card provider is added here as one more entry (plus its value in the
 * database's payment_method check) whose `collect` starts the provider's payment for the placed order
 * (redirect or hosted fields); nothing else in the checkout changes.
 */
export interface PaymentMethodOption {
  id: PaymentMethod;
  label: string;
  /** One sentence at checkout on what happens after placing the order. */
  summary: string;
  /** The confirmation's 'How to pay', once the order is placed. */
  payNow: string;
  /** The numbered next steps on the confirmation page. */
  nextSteps: readonly string[];
  /** Instructions the confirmation shows with the order's number and total. */
  instructions: 'bank-details' | null;
  /** Runs once the order is placed, before the confirmation; manual methods have nothing to collect. */
  collect?: (order: Order) => Promise<void>;
}

export const PAYMENT_OPTIONS: readonly PaymentMethodOption[] = [
  {
    id: 'bank_transfer',
    label: PAYMENT_METHOD_LABELS.bank_transfer,
    summary: texts.payment.bankTransferSummary,
    payNow: texts.payment.bankTransferPayNow,
    nextSteps: texts.payment.bankTransferSteps,
    instructions: 'bank-details',
  },
  {
    id: 'cash_on_delivery',
    label: PAYMENT_METHOD_LABELS.cash_on_delivery,
    summary: texts.payment.cashOnDeliverySummary,
    payNow: texts.payment.cashOnDeliveryPayNow,
    nextSteps: texts.payment.cashOnDeliverySteps,
    instructions: null,
  },
];

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'bank_transfer';

/** The option for a stored method; an unknown value (a method since removed) falls back to the first. */
export function paymentOption(id: string): PaymentMethodOption {
  return PAYMENT_OPTIONS.find((option) => option.id === id) ?? (PAYMENT_OPTIONS[0] as PaymentMethodOption);
}
