-- Bulk catalogue work at scale: the bulk edits of up to 1,000 products may run for 60 s (on a busy
-- PGlite they took longer than an ordinary request's 5 s), and the reviews page's product filter lists
-- only the products that have reviews, in one JSON value (admin_review_products).
alter function public.admin_products_set_in_stock(uuid[], boolean) set statement_timeout = '60s';
alter function public.admin_products_set_category(uuid[], uuid, uuid) set statement_timeout = '60s';
alter function public.admin_products_adjust_price(uuid[], numeric, numeric) set statement_timeout = '60s';

-- The moderation queue's product filter: only the products that have reviews (any status), by name.
-- One JSON value, so it is never cut to a page (PostgREST's max_rows) however many there are.
create or replace function public.admin_review_products()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by p.name, p.id)
    from public.products p
    where exists (select 1 from public.reviews r where r.product_id = p.id)
  ), '[]'::jsonb);
end;
$$;

comment on function public.admin_review_products() is
  'The reviews page''s product filter for an administrator with the products permission (42501 '
  'Permission denied): [{id, name}] of every product with at least one review of any status, by name.';
revoke execute on function public.admin_review_products() from public, anon;
grant execute on function public.admin_review_products() to authenticated, service_role;
