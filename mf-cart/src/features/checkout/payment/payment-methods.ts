import { PAYMENT_METHOD_LABELS, type Order, type PaymentMethod } from '@prepper/shared/orders';
import { texts } from '../../../texts';
import { startCardPayment } from './card-payment';

/**
 * The payment seam: every way to pay the checkout offers, described in one place. The checkout lists
 * these, sends the chosen `id` to place_order, and the confirmation shows the chosen method's steps.
 *
 * Bank transfer and pay on delivery are manual payments: the order is placed as awaiting payment and an
 * administrator marks it paid. Card is paid on Stripe's hosted Checkout page: its `collect` sends the
 * browser there once the order is placed, and only Stripe's signed webhook marks the order paid. Card is
 * offered only when the shop's Stripe keys are set (`useCardPaymentsAvailable`).
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
  instructions: 'bank-details' | 'card' | null;
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
  {
    id: 'card',
    label: PAYMENT_METHOD_LABELS.card,
    summary: texts.payment.cardSummary,
    payNow: texts.payment.cardPayNow,
    nextSteps: texts.payment.cardSteps,
    instructions: 'card',
    collect: (order) => startCardPayment(order.id),
  },
];

/** The methods to offer: card only when card payments are on. */
export function offeredPaymentOptions(cardAvailable: boolean): readonly PaymentMethodOption[] {
  return PAYMENT_OPTIONS.filter((option) => option.id !== 'card' || cardAvailable);
}

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'bank_transfer';

/** The option for a stored method; an unknown value (a method since removed) falls back to the first. */
export function paymentOption(id: string): PaymentMethodOption {
  return PAYMENT_OPTIONS.find((option) => option.id === id) ?? (PAYMENT_OPTIONS[0] as PaymentMethodOption);
}
