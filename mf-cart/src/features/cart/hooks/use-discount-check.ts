import { useStore } from '@nanostores/react';
import type { CartLine } from '@prepper/shared';
import { useEffect, useState } from 'react';
import { $discountCode } from '../../../lib/discount-code';
import { requestLines } from '../../../lib/request-lines';
import { checkDiscountCode, type DiscountCheck } from '../api/check-discount-code';
import { texts } from '../../../texts';

/**
 * The cart's discount code as the database judges it, asked again when the code or the cart changes
 * (what a code takes off depends on the lines). Nothing is asked while no code is entered.
 */
export function useDiscountCheck(lines: readonly CartLine[]) {
  const code = useStore($discountCode);
  const [check, setCheck] = useState<{ key: string; result: DiscountCheck | null; failed: boolean } | null>(
    null,
  );
  const asked = requestLines(lines);
  const key = code && asked.length > 0 ? JSON.stringify([code, asked]) : null;

  useEffect(() => {
    if (!key || !code) return;
    let current = true;
    checkDiscountCode(asked, code)
      .then((result) => current && setCheck({ key, result, failed: false }))
      .catch((error: unknown) => {
        console.error(error);
        if (current) setCheck({ key, result: null, failed: true });
      });
    return () => {
      current = false;
    };
    // `asked` is in `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const settled = check && check.key === key ? check : null;
  return {
    code,
    checking: key !== null && settled === null,
    result: settled?.result ?? null,
    problem: settled?.failed ? texts.discount.checkFailed : (settled?.result?.problem ?? null),
  };
}
