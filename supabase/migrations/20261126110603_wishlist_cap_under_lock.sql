-- The 200-product wishlist cap holds under concurrent inserts.
-- Why: wishlist_items_set_facts counted the customer's rows and then let the insert through; two
-- transactions counting at the same time both saw 199 and both inserted, so parallel requests took one
-- account to 202-205 products on PostgreSQL. The trigger now first takes a transaction-scoped advisory
-- lock for the customer (the same key for every insert of that customer, nothing else waits on it), so
-- the inserts of one customer count one after the other and each sees the rows the others committed.
-- A customer's own merge_wishlist takes the lock once and keeps it for its whole statement.

create or replace function public.wishlist_items_set_facts()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_product public.products;
begin
  select p.* into v_product from public.products p where p.id = new.product_id;
  if not found then
    raise exception 'Product not found' using errcode = 'P0001';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('wishlist_items:' || new.user_id::text, 0));
  if (select count(*) from public.wishlist_items w where w.user_id = new.user_id) >= 200 then
    raise exception 'Your wishlist is full (200 products). Remove some to save more.' using errcode = 'P0001';
  end if;
  new.price_at_add := v_product.price;
  new.in_stock_at_add := v_product.in_stock;
  new.added_at := now();
  return new;
end;
$$;

comment on function public.wishlist_items_set_facts() is
  'Trigger: refuses a product that does not exist and a 201st product (counted under a per-customer '
  'advisory lock, so concurrent inserts cannot pass the cap together), and sets the facts at saving time '
  '(price_at_add, in_stock_at_add, added_at) from products whatever the insert sends.';

revoke execute on function public.wishlist_items_set_facts() from public, anon, authenticated;
