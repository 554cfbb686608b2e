-- The checkout judges a product with lots by the units that would ship now, not by stock_count.
-- Why: stock_count is the sum of every lot, expired ones included (the units are on the shelf until
-- staff write them off), but place_order never allocates an expired lot. So checkout_quote said a cart
-- could be ordered, and showed "In stock", for a product whose remaining lots were past their
-- best-before, and place_order then refused it. checkout_lines (shared by checkout_quote and
-- place_order) now counts, for a product with lots, the quantity of its unexpired lots: the quote and
-- the order agree, and the "Only n left" message gives the number that can really ship. Products
-- without lots keep their plain stock_count. The returned columns are unchanged.

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
  -- What can ship now: the unexpired lots of a product with lots, else its plain stock.
  stocked as (
    select m.ord, m.product_id, m.quantity, m.bad_quantity, pr.id as found_id, pr.name, pr.slug,
      pr.image_url, pr.price, pr.original_price, pr.in_stock, pr.purchase_limit,
      case when lots.total is null then pr.stock_count else lots.usable end as stock
    from merged m
    left join public.products pr on pr.id = m.product_id
    left join lateral (
      select sum(l.quantity)::integer as total,
        coalesce(sum(l.quantity) filter (where l.best_before is null or l.best_before >= current_date), 0)::integer
          as usable
      from public.product_lots l
      where l.product_id = pr.id
      having count(*) > 0
    ) lots on true
  )
  select s.ord, s.product_id, s.name, s.slug, s.image_url, s.price, s.original_price,
    case when s.bad_quantity then null else s.quantity end,
    s.stock, s.in_stock and s.stock > 0, s.purchase_limit,
    case when s.found_id is null or s.bad_quantity or s.quantity > 999 then 0::numeric
      else round(s.price * s.quantity, 2) end,
    s.found_id is not null,
    case
      when s.found_id is null then 'A product in your cart is no longer available'
      when s.bad_quantity or s.quantity > 999 then 'Please enter a valid quantity'
      when not s.in_stock or s.stock <= 0 then format('"%s" is out of stock', s.name)
      when s.purchase_limit is not null and s.quantity > s.purchase_limit
        and s.purchase_limit <= s.stock
        then format('You can buy at most %s of "%s" per order', s.purchase_limit, s.name)
      when s.quantity > s.stock then format('Only %s of "%s" left in stock', s.stock, s.name)
    end
  from stocked s
  order by s.ord;
$$;

comment on function public.checkout_lines(jsonb) is
  'Internal: the cart lines [{product_id, quantity}] priced from products (extra keys ignored, one line '
  'per product), each with the problem that stops it from being ordered or null. stock_count is what can '
  'ship now: for a product with lots the quantity of its unexpired lots, else the plain stock_count. '
  'Shared by checkout_quote and place_order so both judge a cart the same way.';
