-- Order numbers that do not reveal how many orders the shop takes.
-- Why: numbers came from a sequence (RS-100001, RS-100002, ...), so two orders placed a week apart told
-- anyone the shop's volume in between. A new order now gets RS- and ten random characters of Crockford's
-- base32 alphabet (digits and capitals without I, L, O and U, so nothing is misread on the phone), in
-- two groups of five, e.g. RS-7KQ4M-2XPZ9: 50 random bits from gen_random_uuid, so even a bulk load of
-- 100,000 orders in one statement (the scale loader) practically never draws one twice.
-- order_number_new draws again while the number is taken, and the unique constraint stays the
-- backstop. Orders placed before keep their numbers (customers and staff have them in e-mails and
-- notes), and the sequence is dropped.

create or replace function public.order_number_new()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  v_hex text;
  v_bits bigint;
  v_chars text;
begin
  loop
    -- 52 random bits of a v4 UUID: the 12 hex digits before its version digit and the one after it.
    v_hex := replace(gen_random_uuid()::text, '-', '');
    v_bits := ('x' || left(v_hex, 12) || substr(v_hex, 14, 1))::bit(52)::bigint;
    v_chars := '';
    for i in 1..10 loop
      v_chars := v_chars || substr(v_alphabet, (v_bits % 32)::integer + 1, 1);
      v_bits := v_bits / 32;
    end loop;
    exit when not exists (
      select 1 from public.orders o where o.order_number = 'RS-' || left(v_chars, 5) || '-' || right(v_chars, 5)
    );
  end loop;
  return 'RS-' || left(v_chars, 5) || '-' || right(v_chars, 5);
end;
$$;

comment on function public.order_number_new() is
  'Internal: a free order number RS-XXXXX-XXXXX (ten random Crockford base32 characters; the default of '
  'orders.order_number); random so that numbers say nothing about how many orders there are.';

alter table public.orders alter column order_number set default public.order_number_new();
drop sequence public.orders_order_number_seq;

comment on column public.orders.order_number is
  'Human order number: RS-XXXXX-XXXXX, random (order_number_new), for new orders; older orders keep '
  'their sequential RS-1000xx numbers.';

revoke execute on function public.order_number_new() from public, anon, authenticated;
