-- checkout_quote refuses a cart larger than place_order accepts, before doing any work.
-- Why: the quote is open to anyone and answered one line per element sent, so a 39 KB body of empty
-- objects came back as 5.8 MB and a 1 MB body kept the database busy for seconds. The quote now applies
-- place_order's own limits first and answers with a P0001 (HTTP 400) naming the limit:
--   * at most 100 lines (place_order: "An order can hold at most 100 lines");
--   * no quantity above 999 (place_order: "Please enter a valid quantity"; the cart never sends more,
--     shared/src/bus/cart.ts MAX_LINE_QUANTITY).
-- Smaller problems (a zero or fractional quantity, an unknown product) stay line problems in the quote,
-- as before, so the cart can show them next to the line.

create or replace function public.checkout_assert_cart_size(p_lines jsonb)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if jsonb_typeof(p_lines) = 'array' then
    if jsonb_array_length(p_lines) > 100 then
      raise exception 'An order can hold at most 100 lines' using errcode = 'P0001';
    end if;
    if exists (
      select 1
      from jsonb_array_elements(p_lines) e
      where jsonb_typeof(e.value) = 'object'
        and jsonb_typeof(e.value -> 'quantity') = 'number'
        and (e.value ->> 'quantity')::numeric > 999
    ) then
      raise exception 'Please enter a valid quantity' using errcode = 'P0001';
    end if;
  end if;
end;
$$;

comment on function public.checkout_assert_cart_size(jsonb) is
  'Internal: raises P0001 when a cart is larger than an order may be: more than 100 lines (An order can '
  'hold at most 100 lines) or a quantity above 999 (Please enter a valid quantity). place_order''s limits.';

create or replace function public.checkout_quote(p_lines jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_quote jsonb;
begin
  perform public.checkout_assert_cart_size(p_lines);
  with lines as (
    select * from public.checkout_lines(p_lines)
  ),
  totals as (
    select t.* from public.order_totals((select coalesce(sum(l.line_total), 0) from lines l)) t
  )
  select jsonb_build_object(
    'lines', coalesce((
      select jsonb_agg(jsonb_build_object(
        'product_id', l.product_id, 'name', l.name, 'slug', l.slug, 'image_url', l.image_url,
        'unit_price', l.unit_price, 'original_price', l.original_price, 'quantity', l.quantity,
        'stock_count', l.stock_count, 'in_stock', l.in_stock, 'purchase_limit', l.purchase_limit,
        'line_total', l.line_total, 'available', l.available, 'problem', l.problem
      ) order by l.line_position)
      from lines l
    ), '[]'::jsonb),
    'subtotal', t.subtotal, 'shipping', t.shipping, 'tax', t.tax, 'total', t.total
  )
  into v_quote
  from totals t;
  return v_quote;
end;
$$;

comment on function public.checkout_quote(jsonb) is
  'What the cart [{product_id, quantity}] costs now: each line with the current name, price, stock, '
  'purchase limit, line total, available and problem (the message place_order would raise, or null), '
  'plus subtotal, shipping, tax and total (order_totals). A cart over place_order''s limits (more than 100 '
  'lines, a quantity above 999) is refused with P0001 before any work. Reads only; anyone may call it.';

revoke execute on function public.checkout_assert_cart_size(jsonb) from public, anon, authenticated;
revoke execute on function public.checkout_quote(jsonb) from public;
grant execute on function public.checkout_quote(jsonb) to anon, authenticated, service_role;
