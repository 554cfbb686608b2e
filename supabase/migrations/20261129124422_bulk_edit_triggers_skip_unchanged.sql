-- Bulk edits of 1,000 products (issue 30): the products triggers skip work when what they derive from did
-- not change. The search texts are worked out again only when name, description or tags change (or the
-- texts are written), the vocabulary takes the words of only the rows whose name or tags changed, the
-- rating is worked out again only when a statement writes rating, review_count or id (the reviews'
-- refresh writes rating = rating), and a category change moves the analytics' figures once per statement
-- instead of once per product.
create or replace function public.products_set_search_text()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- An update that leaves name, description and tags (and the two texts) as they were keeps the texts:
  -- a bulk edit of prices, stock or categories does not work them out again for every row.
  if tg_op = 'INSERT'
     or new.name is distinct from old.name
     or new.description is distinct from old.description
     or new.tags is distinct from old.tags
     or new.search_text is distinct from old.search_text
     or new.search_vector is distinct from old.search_vector then
    new.search_text := lower(
      coalesce(new.name, '') || ' ' || coalesce(new.description, '') || ' ' ||
      coalesce(array_to_string(new.tags, ' '), '')
    );
    -- Weights rank a word in the name (A) over a tag (B) over the description (C); 'simple' keeps words
    -- as written (lowercased, no stemming), so a prefix of a word finds it.
    new.search_vector :=
      setweight(to_tsvector('pg_catalog.simple', coalesce(new.name, '')), 'A') ||
      setweight(to_tsvector('pg_catalog.simple', coalesce(array_to_string(new.tags, ' '), '')), 'B') ||
      setweight(to_tsvector('pg_catalog.simple', coalesce(new.description, '')), 'C');
  end if;
  -- An update that sets updated_at itself (imports, the seed) keeps it; any other update stamps now().
  if tg_op = 'UPDATE' and new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

comment on function public.products_set_search_text() is
  'Trigger: maintains products.search_text (lowercase name, description and tags) and search_vector '
  '(their words weighted name A, tags B, description C), worked out again only when one of those (or the '
  'texts themselves) changes, and stamps updated_at on updates that do not set it themselves.';

create or replace function public.products_collect_search_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.search_terms (term)
    select distinct w.word
    from written_products p
    cross join lateral unnest(tsvector_to_array(to_tsvector(
      'pg_catalog.simple', coalesce(p.name, '') || ' ' || coalesce(array_to_string(p.tags, ' '), '')
    ))) as w(word)
    where char_length(w.word) between 3 and 40 and w.word ~ '^[[:alpha:]][[:alnum:]]*$'
    on conflict (term) do nothing;
  else
    insert into public.search_terms (term)
    select distinct w.word
    from written_products p
    cross join lateral unnest(tsvector_to_array(to_tsvector(
      'pg_catalog.simple', coalesce(p.name, '') || ' ' || coalesce(array_to_string(p.tags, ' '), '')
    ))) as w(word)
    where char_length(w.word) between 3 and 40 and w.word ~ '^[[:alpha:]][[:alnum:]]*$'
      and not exists (
        select 1 from old_products o
        where o.id = p.id and o.name is not distinct from p.name and o.tags is not distinct from p.tags
      )
    on conflict (term) do nothing;
  end if;
  return null;
end;
$$;

comment on function public.products_collect_search_terms() is
  'Trigger (per statement): adds the words of the written products'' names and tags to search_terms '
  '(on update, of the rows whose name or tags changed).';

drop trigger products_collect_search_terms_update on public.products;
create trigger products_collect_search_terms_update
  after update on public.products
  referencing old table as old_products new table as written_products
  for each statement execute function public.products_collect_search_terms();

drop trigger products_set_rating on public.products;
create trigger products_set_rating
  before insert or update of rating, review_count, id on public.products
  for each row execute function public.products_set_rating();

create or replace function public.analytics_products_category_moves()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.analytics_category_days as t (day, category_id, units, revenue)
  select s.period_start, m.category_id, sum(m.sign * s.units), sum(m.sign * s.revenue)
  from old_products o
  join new_products n on n.id = o.id and n.category_id is distinct from o.category_id
  join public.dashboard_product_sales s on s.item_key = o.id::text and s.period = 'day'
  cross join lateral (values (o.category_id, -1), (n.category_id, 1)) as m (category_id, sign)
  group by 1, 2
  order by 1, 2
  on conflict (day, category_id) do update
    set units = t.units + excluded.units, revenue = t.revenue + excluded.revenue;
  return null;
end;
$$;

comment on function public.analytics_products_category_moves() is
  'Trigger (per statement): moves the sales of every product the update moved to another category in '
  'analytics_category_days, in one statement.';
revoke execute on function public.analytics_products_category_moves() from public, anon, authenticated;

comment on function public.analytics_products_category_move() is
  'Trigger (per row): moves a product''s sales in analytics_category_days to the nil uuid (deleted '
  'products) before it is deleted (or to its new category, when called by an update).';

drop trigger analytics_products_category_update on public.products;
create trigger analytics_products_category_update
  after update on public.products
  referencing old table as old_products new table as new_products
  for each statement execute function public.analytics_products_category_moves();
