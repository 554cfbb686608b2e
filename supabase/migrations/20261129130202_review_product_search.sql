-- The moderation queue's product filter as a search: the reviewed products (any status) whose name holds
-- the text (three characters or more) or has a word starting with it (one or two), or whose SKU is the
-- text (either case), a few at a time, for the page's search box: the SKU's product first, then the
-- names by name (as the old list was sorted); with no text, the first names.
-- Products with approved reviews (review_count > 0, a fifth of the scale catalogue) are read in name
-- order from products_reviewed_name_idx alone until enough match, or for a rare text from the names'
-- trigram index (each text planned afresh: EXECUTE; a word's start has trigrams however short, a part
-- of a word needs three letters); those with pending or rejected reviews only are found from the
-- reviews by status. Through all products (products_name_idx) a text that only names late in the
-- alphabet hold ("tactical") read 80,000 entries first: 200 ms on PostgreSQL under load, 40 ms with
-- the reviewed products' index. Ordering by how well a name matches (prefix first) would sort every
-- match: hundreds of milliseconds for a common word.
create index products_reviewed_name_idx on public.products (name, id) where review_count > 0;

create or replace function public.admin_search_review_products(
  p_search text default null,
  p_limit integer default 20
)
returns table (id uuid, name text, sku text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_needle text := lower(btrim(coalesce(p_search, '')));
  v_limit integer := least(greatest(coalesce(p_limit, 20), 1), 50);
  v_escaped text := replace(replace(replace(v_needle, '\', '\\'), '%', '\%'), '_', '\_');
  v_by_sku uuid;
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if v_needle <> '' then
    select p.id into v_by_sku
    from public.products p
    where lower(p.sku) = v_needle
      and exists (select 1 from public.reviews r where r.product_id = p.id);
  end if;
  if v_by_sku is not null then
    return query select p.id, p.name, p.sku from public.products p where p.id = v_by_sku;
    v_limit := v_limit - 1;
    if v_limit = 0 then
      return;
    end if;
  end if;
  return query execute $sql$
    with hits as (
      (
        select p.id, p.name
        from public.products p
        where p.review_count > 0
          and (lower(p.name) like $1 or lower(p.name) like $4)
          and ($2::uuid is null or p.id <> $2)
        order by p.name, p.id
        limit $3
      )
      union all
      (
        select p.id, p.name
        from public.products p
        where p.review_count = 0
          and p.id in (select r.product_id from public.reviews r where r.status in ('pending', 'rejected'))
          and (lower(p.name) like $1 or lower(p.name) like $4)
          and ($2::uuid is null or p.id <> $2)
        order by p.name, p.id
        limit $3
      )
    ),
    page as (
      select h.id, h.name from hits h order by h.name, h.id limit $3
    )
    select h.id, h.name, p.sku
    from page h
    join public.products p on p.id = h.id
    order by h.name, h.id
  $sql$ using
    case when char_length(v_needle) >= 3 then '%' || v_escaped || '%' else v_escaped || '%' end,
    v_by_sku,
    v_limit,
    case when char_length(v_needle) < 3 then '% ' || v_escaped || '%' end;
end;
$$;

comment on function public.admin_search_review_products(text, integer) is
  'The reviews page''s product search for an administrator with the products permission (42501 '
  'Permission denied): up to p_limit (1-50, default 20) products with at least one review of any status '
  'whose SKU is p_search (first) or whose name contains it (one or two characters: a word of the name '
  'starts with it; case-insensitive, literal), by name; with no search, the first by name.';
revoke execute on function public.admin_search_review_products(p_search text, p_limit integer) from public, anon;
grant execute on function public.admin_search_review_products(p_search text, p_limit integer) to authenticated, service_role;

-- The old filter sent every reviewed product at once (20,000 names, 1.9 MB at scale); nothing calls it now.
drop function public.admin_review_products();
