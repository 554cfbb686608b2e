-- Emergency mode: a purchase limit counts the customer's other orders over
-- store_settings.purchase_limit_window_days only while an emergency is open; otherwise it is per order.

-- Whether an emergency is open (emergencies, emergency.sql): plpgsql so that checkout_lines, a SQL
-- function built before emergency.sql creates the table, can use it.
create or replace function public.emergency_is_open()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return exists (select 1 from public.emergencies e where e.ended_at is null);
end;
$$;

comment on function public.emergency_is_open() is
  'Internal: true while an emergency is open (an emergencies row with ended_at null). Used by '
  'checkout_lines: only then do purchase limits count the customer''s other orders over the window.';
revoke execute on function public.emergency_is_open() from public, anon, authenticated;

create or replace function public.checkout_lines(p_lines jsonb)
returns table (
  line_position integer,
  product_id uuid,
  name text,
  slug text,
  image_url text,
  unit_price numeric,
  original_price numeric,
  quantity integer,
  stock_count integer,
  in_stock boolean,
  purchase_limit integer,
  line_total numeric,
  available boolean,
  problem text
)
language sql
stable
set search_path = ''
as $$
  with raw as (
    select e.ord::integer as ord, e.value as item
    from jsonb_array_elements(case when jsonb_typeof(p_lines) = 'array' then p_lines else '[]'::jsonb end)
      with ordinality as e (value, ord)
  ),
  parsed as (
    select r.ord,
      case
        when jsonb_typeof(r.item) = 'object' and jsonb_typeof(r.item -> 'product_id') = 'string'
          and (r.item ->> 'product_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then (r.item ->> 'product_id')::uuid
      end as product_id,
      case
        when jsonb_typeof(r.item) = 'object' and jsonb_typeof(r.item -> 'quantity') = 'number'
          and (r.item ->> 'quantity')::numeric between 1 and 999
          and (r.item ->> 'quantity')::numeric = trunc((r.item ->> 'quantity')::numeric)
        then (r.item ->> 'quantity')::integer
      end as quantity
    from raw r
  ),
  -- One line per product (a product listed twice is one line with the quantities added).
  merged as (
    select min(p.ord) as ord, p.product_id, sum(p.quantity)::integer as quantity,
      bool_or(p.quantity is null) as bad_quantity
    from parsed p
    where p.product_id is not null
    group by p.product_id
    union all
    select p.ord, null, p.quantity, p.quantity is null
    from parsed p
    where p.product_id is null
  ),
  -- Only while an emergency is open do limits count the customer's other orders over the window;
  -- otherwise a limit is per order (window 0).
  settings as (
    select case when public.emergency_is_open()
      then coalesce((select s.purchase_limit_window_days from public.store_settings s), 7) else 0 end
      as window_days
  ),
  -- What can ship now: the unexpired lots of a product with lots, else its plain stock; and, for a
  -- limited product, what the signed-in customer's other recent orders already hold.
  stocked as (
    select m.ord, m.product_id, m.quantity, m.bad_quantity, pr.id as found_id, pr.name, pr.slug,
      pr.image_url, pr.price, pr.original_price, pr.in_stock, pr.purchase_limit,
      case when lots.total is null then pr.stock_count else lots.usable end as stock,
      public.checkout_held_units(pr.id, (select auth.uid())) as held,
      coalesce(recent.quantity, 0) as already, recent.oldest, st.window_days
    from merged m
    cross join settings st
    left join public.products pr on pr.id = m.product_id
    left join lateral (
      select sum(l.quantity)::integer as total,
        coalesce(sum(l.quantity) filter (where l.best_before is null or l.best_before >= current_date), 0)::integer
          as usable
      from public.product_lots l
      where l.product_id = pr.id
      having count(*) > 0
    ) lots on true
    left join lateral (
      select sum(oi.quantity)::integer as quantity, min(o.created_at) as oldest
      from public.orders o
      join public.order_items oi on oi.order_id = o.id
      where pr.purchase_limit is not null
        and st.window_days > 0
        and o.user_id = (select auth.uid())
        and oi.product_id = pr.id
        and o.status not in ('cancelled', 'returned')
        and o.created_at > now() - make_interval(days => st.window_days)
    ) recent on true
  ),
  -- What this customer may take: the stock less the units held for other waitlist subscribers.
  free as (
    select k.*, greatest(k.stock - k.held, 0) as buyable from stocked k
  )
  select s.ord, s.product_id, s.name, s.slug, s.image_url, s.price, s.original_price,
    case when s.bad_quantity then null else s.quantity end,
    s.buyable, s.in_stock and s.buyable > 0, s.purchase_limit,
    case when s.found_id is null or s.bad_quantity or s.quantity > 999 then 0::numeric
      else round(s.price * s.quantity, 2) end,
    s.found_id is not null,
    case
      when s.found_id is null then 'A product in your cart is no longer available'
      when s.bad_quantity or s.quantity > 999 then 'Please enter a valid quantity'
      when not s.in_stock or s.stock <= 0 then format('"%s" is out of stock', s.name)
      when s.buyable <= 0
        then format('Every "%s" in stock is held for customers on its waitlist. Please try again later', s.name)
      when s.purchase_limit is not null and s.quantity > s.purchase_limit
        and s.purchase_limit <= s.buyable
        then format('You can buy at most %s of "%s" per order', s.purchase_limit, s.name)
      when s.purchase_limit is not null and s.already > 0 and s.quantity + s.already > s.purchase_limit
        and s.quantity <= s.buyable
        -- How many more now, and from when the oldest of those orders stops counting (a UTC date).
        then format('You can buy at most %s of "%s" in %s days, and your other orders already hold %s: '
            '%s more now, more from %s',
          s.purchase_limit, s.name, s.window_days, s.already, greatest(s.purchase_limit - s.already, 0),
          to_char((s.oldest + make_interval(days => s.window_days)) at time zone 'UTC', 'Mon FMDD, YYYY'))
      when s.quantity > s.stock then format('Only %s of "%s" left in stock', s.stock, s.name)
      when s.quantity > s.buyable
        then format('Only %s of "%s" can be bought now: %s more are held for customers on its waitlist',
          s.buyable, s.name, s.held)
    end
  from free s
  order by s.ord;
$$;

comment on function public.checkout_lines(jsonb) is
  'Internal: the cart lines [{product_id, quantity}] priced from products (extra keys ignored, one line '
  'per product), each with the problem that stops it from being ordered or null. stock_count is what can '
  'ship now: for a product with lots the quantity of its unexpired lots, else the plain stock_count. A '
  'purchase_limit counts the line; while an emergency is open (emergencies.ended_at null) it also counts '
  'the signed-in customer''s other orders of the product placed within '
  'store_settings.purchase_limit_window_days that are not cancelled or returned. Units held for '
  'other customers by waitlist holds (checkout_held_units) are not in stock_count and cannot be ordered. '
  'Shared by checkout_quote and place_order so both judge a cart the same way.';
revoke execute on function public.checkout_lines(p_lines jsonb) from public, anon, authenticated;

comment on column public.store_settings.purchase_limit_window_days is
  'During an emergency, days over which a product''s purchase_limit also counts the customer''s other '
  'orders that are not cancelled (0-365, default 7; 0 = per order only). With no emergency open a limit '
  'is per order.';
