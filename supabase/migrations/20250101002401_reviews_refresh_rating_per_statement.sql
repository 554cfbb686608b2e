-- A product's rating and review_count are refreshed once per statement and product (issue 17).
-- Why: the row-level trigger of migration 20250101001100 updated the product once per review row, so a
-- statement writing three reviews of one product updated it three times (each update runs the products
-- triggers again). Loading 20,000 products' worth of reviews made about 10,000 product updates too many.
-- Now three statement-level triggers (insert, update, delete; a transition table cannot serve several
-- events) touch every product the statement's reviews name, old or new, once: the products trigger
-- products_set_rating recomputes both figures from the approved reviews, as before. After-row triggers
-- also ran at the end of the statement, so what a statement leaves is the same.

create or replace function public.reviews_refresh_product_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.products p set rating = p.rating
    where p.id in (select n.product_id from new_rows n);
  elsif tg_op = 'UPDATE' then
    update public.products p set rating = p.rating
    where p.id in (select o.product_id from old_rows o union select n.product_id from new_rows n);
  else
    update public.products p set rating = p.rating
    where p.id in (select o.product_id from old_rows o);
  end if;
  return null;
end;
$$;

comment on function public.reviews_refresh_product_rating() is
  'Trigger (per statement): refreshes the rating and review count of every product the statement''s '
  'reviews name (old and new), once each.';

drop trigger reviews_refresh_product_rating on public.reviews;

create trigger reviews_refresh_product_rating_insert
  after insert on public.reviews
  referencing new table as new_rows
  for each statement execute function public.reviews_refresh_product_rating();
create trigger reviews_refresh_product_rating_update
  after update on public.reviews
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.reviews_refresh_product_rating();
create trigger reviews_refresh_product_rating_delete
  after delete on public.reviews
  referencing old table as old_rows
  for each statement execute function public.reviews_refresh_product_rating();

revoke execute on function public.reviews_refresh_product_rating() from public, anon, authenticated;
