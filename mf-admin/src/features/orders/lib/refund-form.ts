import * as v from 'valibot';

/**
 * The card refund form: empty refunds all that is left, else a dollar amount with at most two decimals,
 * at least $0.01 and at most what is left. Returns the amount in cents (null: all) or the message.
 */
export function refundAmountSchema(leftCents: number) {
  return v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => value === '' || /^\d+(\.\d{1,2})?$/.test(value), 'Enter an amount like 12.50'),
    v.transform((value) => (value === '' ? null : Math.round(Number(value) * 100))),
    v.check(
      (cents) => cents === null || (cents >= 1 && cents <= leftCents),
      `Enter an amount between $0.01 and $${(leftCents / 100).toFixed(2)}`,
    ),
  );
}

export function parseRefundAmount(
  input: string,
  leftCents: number,
): { ok: true; cents: number | null } | { ok: false; message: string } {
  const result = v.safeParse(refundAmountSchema(leftCents), input);
  return result.success
    ? { ok: true, cents: result.output }
    : { ok: false, message: result.issues[0]?.message ?? 'Enter a valid amount' };
}
