-- Approved reviews are public, but who wrote them is not: anon and authenticated may read every column
-- of reviews except author_id (so neither `select=author_id`, `select=*` nor a filter on it works
-- through the API). RLS still uses author_id, and the author finds their own review with my_review.
revoke select on public.reviews from anon, authenticated;
grant select (
  id, product_id, author_name, rating, title, body, status, rejection_reason, verified_purchase, created_at, updated_at
) on public.reviews to anon, authenticated;

create or replace function public.my_review(p_product_id uuid)
returns setof public.reviews
language sql
stable
security definer
set search_path = ''
as $$
  select r.*
  from public.reviews r
  where r.product_id = p_product_id
    and r.author_id = (select auth.uid());
$$;

comment on function public.my_review(uuid) is
  'The signed-in customer''s own review of the product, whatever its status (no row when signed out or '
  'not reviewed): the only way to tell one''s own review apart, since author_id cannot be read.';
revoke execute on function public.my_review(p_product_id uuid) from public;
grant execute on function public.my_review(p_product_id uuid) to anon, authenticated, service_role;
