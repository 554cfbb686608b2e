import { describe, expect, it } from 'vitest';
import { emergencyPriceRefusal } from './emergency';

describe('emergencyPriceRefusal', () => {
  it("gives the guard's own message and nothing for other failures", () => {
    const message = 'During the emergency "Flood" the price of "Water" may rise to at most $4.50 (...)';
    expect(emergencyPriceRefusal({ code: '23514', hint: 'emergency_price_cap', message })).toBe(message);
    expect(
      emergencyPriceRefusal({ code: '23514', hint: null, message: 'violates check constraint' }),
    ).toBeNull();
    expect(emergencyPriceRefusal(new Error('Network down'))).toBeNull();
    expect(emergencyPriceRefusal(null)).toBeNull();
  });
});
