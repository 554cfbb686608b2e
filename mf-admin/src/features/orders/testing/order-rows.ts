/** Orders rows as PostgREST returns them, for the order pages' tests. */
export function orderRow(overrides: Record<string, unknown> = {}) {
  return {
    id: 'order-1',
    order_number: 'RS-100042',
    user_id: 'customer-1',
    email: 'ann@example.com',
    status: 'pending',
    payment_status: 'awaiting_payment',
    payment_method: 'bank_transfer',
    shipping_method: 'standard',
    subtotal: 120,
    shipping_amount: 0,
    tax_amount: 9.6,
    total_amount: 129.6,
    shipping_address: {
      full_name: 'Ann Lee',
      line1: '1 Main St',
      line2: '',
      city: 'Springfield',
      region: 'IL',
      postal_code: '62701',
      country: 'US',
      phone: '555-0100',
    },
    idempotency_key: null,
    created_at: '2026-03-05T14:07:00Z',
    updated_at: '2026-03-05T14:07:00Z',
    order_items: [{ quantity: 2 }, { quantity: 1 }],
    ...overrides,
  };
}
