-- Functions the storefront and the back office call with supabase.rpc: the product search, the
-- one-transaction category save, and the dashboard's monthly sales and best sellers.
-- Why: the search needs one query across product text, tags and the category name (served by the
-- trigram index on products.search_text); saving a category with its subcategories must succeed or
-- fail as a whole; the dashboard figures are aggregates better computed next to the data. All are
-- `security invoker`: row-level security decides what each caller may read or write.

create or replace function public.search_products(p_query text, p_limit integer default 6)
returns table (
  id uuid,
  name text,
  slug text,
  price numeric,
  original_price numeric,
  description text,
  category_id uuid,
  subcategory_id uuid,
  image_url text,
  images text[],
  in_stock boolean,
  stock_count integer,
  rating numeric,
  review_count integer,
  features text[],
  specifications jsonb,
  tags text[],
  created_at timestamptz,
  updated_at timestamptz,
  category_name text,
  subcategory_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  with term as (
    select '%' || replace(replace(replace(lower(btrim(coalesce(p_query, ''))), '\', '\\'), '%', '\%'), '_', '\_')
      || '%' as pattern,
      btrim(coalesce(p_query, '')) <> '' as present
  )
  select p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id, p.subcategory_id,
    p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count, p.features, p.specifications,
    p.tags, p.created_at, p.updated_at, c.name, s.name
  from public.products p
  join public.categories c on c.id = p.category_id
  left join public.subcategories s on s.id = p.subcategory_id
  cross join term
  where term.present
    and (p.search_text like term.pattern or lower(c.name) like term.pattern)
  order by p.rating desc, p.name, p.id
  limit least(greatest(coalesce(p_limit, 6), 0), 50);
$$;

comment on function public.search_products(text, integer) is
  'Products whose name, description, tags or category name contain the trimmed query (case-insensitive, '
  'literal: % and _ match themselves), best rated first then by name, at most p_limit (default 6, capped '
  'at 50), each with category_name and subcategory_name. An empty query returns nothing.';

create or replace function public.admin_save_category(
  p_id uuid,
  p_name text,
  p_slug text,
  p_description text,
  p_image_url text,
  p_subcategories jsonb default '[]'
)
returns json
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
  v_name text := btrim(coalesce(p_name, ''));
  v_item jsonb;
  v_sub_id uuid;
  v_sub_name text;
begin
  if not public.has_admin_permission('categories') then
    raise exception 'Permission denied: saving categories needs the categories permission'
      using errcode = '42501';
  end if;
  if v_name = '' then
    raise exception 'Category name is required' using errcode = '22023';
  end if;
  if p_subcategories is not null and jsonb_typeof(p_subcategories) <> 'array' then
    raise exception 'p_subcategories must be a JSON array' using errcode = '22023';
  end if;

  if p_id is null then
    insert into public.categories (name, slug, description, image_url)
    values (v_name, coalesce(nullif(btrim(p_slug), ''), public.slugify(v_name)), coalesce(p_description, ''),
      nullif(btrim(coalesce(p_image_url, '')), ''))
    returning categories.id into v_id;
  else
    update public.categories c
    set name = v_name,
        slug = coalesce(nullif(btrim(p_slug), ''), public.slugify(v_name)),
        description = coalesce(p_description, ''),
        image_url = nullif(btrim(coalesce(p_image_url, '')), '')
    where c.id = p_id
    returning c.id into v_id;
    if v_id is null then
      raise exception 'Category not found' using errcode = 'P0001';
    end if;
  end if;

  -- Deletions first, then renames, then new rows, so a slug freed by one step can be reused by the next.
  for v_item in select value from jsonb_array_elements(coalesce(p_subcategories, '[]')) loop
    if jsonb_typeof(v_item) <> 'object' then
      raise exception 'Each subcategory must be a JSON object' using errcode = '22023';
    end if;
    if coalesce((v_item ->> '_delete')::boolean, false) and nullif(v_item ->> 'id', '') is not null then
      delete from public.subcategories sc where sc.id = (v_item ->> 'id')::uuid and sc.category_id = v_id;
    end if;
  end loop;

  for v_item in select value from jsonb_array_elements(coalesce(p_subcategories, '[]')) loop
    if coalesce((v_item ->> '_delete')::boolean, false) then
      continue;
    end if;
    v_sub_name := btrim(coalesce(v_item ->> 'name', ''));
    if v_sub_name = '' then
      raise exception 'Subcategory name is required' using errcode = '22023';
    end if;
    v_sub_id := nullif(v_item ->> 'id', '')::uuid;
    if v_sub_id is not null then
      update public.subcategories sc
      set name = v_sub_name,
          slug = coalesce(nullif(btrim(v_item ->> 'slug'), ''), public.slugify(v_sub_name)),
          description = coalesce(v_item ->> 'description', '')
      where sc.id = v_sub_id and sc.category_id = v_id;
      if not found then
        raise exception 'Subcategory % not found in this category', v_sub_id using errcode = 'P0001';
      end if;
    end if;
  end loop;

  for v_item in select value from jsonb_array_elements(coalesce(p_subcategories, '[]')) loop
    if coalesce((v_item ->> '_delete')::boolean, false) or nullif(v_item ->> 'id', '') is not null then
      continue;
    end if;
    v_sub_name := btrim(coalesce(v_item ->> 'name', ''));
    insert into public.subcategories (category_id, name, slug, description)
    values (v_id, v_sub_name, coalesce(nullif(btrim(v_item ->> 'slug'), ''), public.slugify(v_sub_name)),
      coalesce(v_item ->> 'description', ''));
  end loop;

  return (
    select json_build_object(
      'id', c.id, 'name', c.name, 'slug', c.slug, 'description', c.description, 'image_url', c.image_url,
      'created_at', c.created_at,
      'subcategories', coalesce((
        select json_agg(json_build_object('id', sc.id, 'category_id', sc.category_id, 'name', sc.name,
          'slug', sc.slug, 'description', sc.description, 'created_at', sc.created_at) order by sc.name, sc.id)
        from public.subcategories sc where sc.category_id = c.id
      ), '[]'::json)
    )
    from public.categories c where c.id = v_id
  );
end;
$$;

comment on function public.admin_save_category(uuid, text, text, text, text, jsonb) is
  'Saves a category and its subcategories in one transaction: inserts the category when p_id is null, '
  'else updates it; then for each element of p_subcategories ({id?, name, slug, description, _delete?}) '
  'deletes those marked _delete, updates those with an id and inserts the rest. An empty slug becomes '
  'slugify(name). Returns the category with its subcategories (by name). Needs the categories permission.';

create or replace function public.admin_sales_overview(p_months integer default 6)
returns table (month date, revenue numeric, orders bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  with months as (
    select generate_series(
      date_trunc('month', now()) - make_interval(months => least(greatest(coalesce(p_months, 6), 1), 36) - 1),
      date_trunc('month', now()),
      interval '1 month'
    ) as month_start
  )
  select m.month_start::date, coalesce(sum(o.total_amount), 0)::numeric, count(o.id)
  from months m
  left join public.orders o
    on o.created_at >= m.month_start
    and o.created_at < m.month_start + interval '1 month'
    and o.status <> 'cancelled'
  where (select public.has_admin_permission('orders'))
  group by m.month_start
  order by m.month_start;
$$;

comment on function public.admin_sales_overview(integer) is
  'Revenue (sum of total_amount) and number of non-cancelled orders per calendar month for the last '
  'p_months months (default 6, 1..36), oldest first, months without orders included with 0. Returns no '
  'rows to callers without the orders permission.';

create or replace function public.admin_top_products(p_limit integer default 5, p_days integer default 180)
returns table (product_name text, units bigint, revenue numeric)
language sql
stable
security invoker
set search_path = ''
as $$
  select oi.product_name, sum(oi.quantity)::bigint, sum(oi.unit_price * oi.quantity)::numeric
  from public.order_items oi
  join public.orders o on o.id = oi.order_id
  where (select public.has_admin_permission('orders'))
    and o.status <> 'cancelled'
    and o.created_at >= now() - make_interval(days => least(greatest(coalesce(p_days, 180), 1), 3660))
  group by oi.product_name
  order by 3 desc, 2 desc, 1
  limit least(greatest(coalesce(p_limit, 5), 1), 50);
$$;

comment on function public.admin_top_products(integer, integer) is
  'Best sellers by revenue over the last p_days days (default 180) from the lines of non-cancelled '
  'orders: product name, units and revenue, at most p_limit (default 5, capped at 50). Returns no rows '
  'to callers without the orders permission.';

revoke execute on function public.slugify(text) from public;
revoke execute on function public.products_set_slug() from public, anon, authenticated;
revoke execute on function public.products_set_search_text() from public, anon, authenticated;
revoke execute on function public.search_products(text, integer) from public;
revoke execute on function public.admin_save_category(uuid, text, text, text, text, jsonb) from public, anon;
revoke execute on function public.admin_sales_overview(integer) from public, anon;
revoke execute on function public.admin_top_products(integer, integer) from public, anon;

grant execute on function public.slugify(text) to anon, authenticated, service_role;
grant execute on function public.search_products(text, integer) to anon, authenticated, service_role;
grant execute on function public.admin_save_category(uuid, text, text, text, text, jsonb)
  to authenticated, service_role;
grant execute on function public.admin_sales_overview(integer) to authenticated, service_role;
grant execute on function public.admin_top_products(integer, integer) to authenticated, service_role;
