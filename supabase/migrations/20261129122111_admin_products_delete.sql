-- Bulk delete: one call for the selected products, with the bulk edits' checks and time limit (a plain
-- REST delete ran under a request's 5 s). Each product is audited as deleted by the audit_record trigger
-- (its lots, which go with it, too). Nothing refuses the delete: the lines of orders for a product keep
-- its name and price and lose the link (order_items.product_id on delete set null), its sales in the
-- analytics move to the deleted products' category, and its reviews, lots, waitlist entries and wishlist
-- entries go with it (on delete cascade). Answers the ids deleted, so the back office removes their
-- uploaded images.
create or replace function public.admin_products_delete(p_ids uuid[])
returns setof uuid
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '60s'
as $$
begin
  perform public.admin_products_check_selection(p_ids);
  return query
    delete from public.products p
    where p.id = any (p_ids)
    returning p.id;
end;
$$;

comment on function public.admin_products_delete(uuid[]) is
  'Bulk delete (products permission, 1 to 1000 products): deletes the given products (each audited; '
  'order lines keep their name, reviews and lots go with them); returns the ids deleted.';
revoke execute on function public.admin_products_delete(p_ids uuid[]) from public, anon;
grant execute on function public.admin_products_delete(p_ids uuid[]) to authenticated, service_role;
