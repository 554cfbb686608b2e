-- Bulk catalogue work (back office, products permission): CSV import through a staging area, and bulk
-- edits of selected products. The CSV format is described in docs/catalog-csv.md.
--
-- An import is three steps, each a call:
--   1. admin_product_import_start: a new, empty import owned by the caller.
--   2. admin_product_import_check, once per chunk of rows (the client sends a few hundred at a time and
--      shows its progress): stores the rows and answers, for each, what it would do (create, update,
--      unchanged), which fields would change (before and after) and its errors. Nothing in the catalogue
--      is written: this is the dry run.
--   3. admin_product_import_apply: checks every row again against the catalogue as it is now and, only
--      if no row has an error, writes them all in this one transaction (else nothing is written). One
--      audit entry 'import' records the file and its counts; every product it writes has its own
--      entry (the audit_record trigger) whose parent is the import, so the import's history lists them.
-- A row matches a product by id, else by SKU, else by slug; with none of them matching it creates one.
-- A column left out of the file keeps each product's value (an update of prices needs only id and
-- price); an empty cell empties an optional field. Staged imports are private to their author, read and
-- written only through these functions, and removed a day after they were started.

-- Tables ------------------------------------------------------------------------------------------
create table public.product_imports (
  id uuid primary key default gen_random_uuid(),
  created_by uuid not null,
  created_at timestamptz not null default now(),
  file_name text not null default '' check (char_length(file_name) <= 255),
  applied_at timestamptz,
  -- What the apply did: {"created": n, "updated": n, "unchanged": n}.
  summary jsonb
);

alter table public.product_imports enable row level security;

comment on table public.product_imports is
  'CSV product imports being checked or applied (admin_product_import_*); private to their author.';

create index product_imports_created_at_idx on public.product_imports (created_at);

create table public.product_import_rows (
  import_id uuid not null references public.product_imports (id) on delete cascade,
  -- The row's number in the file, 1 for the first row under the header.
  line integer not null check (line > 0),
  -- The row's cells by column name, as text; a column left out of the file is an absent key.
  data jsonb not null check (jsonb_typeof(data) = 'object'),
  primary key (import_id, line)
);

alter table public.product_import_rows enable row level security;

comment on table public.product_import_rows is
  'The rows of a staged product import, cells by CSV column name (text), checked and applied as a whole.';

-- Functions ---------------------------------------------------------------------------------------
-- A JSON object from a cell, or null when the text is not one (no exception escapes).
create or replace function public.product_import_json_object(p_text text)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb;
begin
  v_value := p_text::jsonb;
  return case when jsonb_typeof(v_value) = 'object' then v_value end;
exception when others then
  return null;
end;
$$;

comment on function public.product_import_json_object(text) is
  'The JSON object a CSV cell holds, or null when it holds none (bad JSON or another JSON type).';
revoke execute on function public.product_import_json_object(p_text text) from public, anon, authenticated;

-- The lines of a list cell: one item per line, trimmed, empty lines left out.
create or replace function public.product_import_lines(p_text text)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(btrim(item) order by position), '{}')
  from unnest(string_to_array(replace(coalesce(p_text, ''), E'\r', ''), E'\n')) with ordinality as t (item, position)
  where btrim(item) <> '';
$$;

comment on function public.product_import_lines(text) is
  'A list cell of the product CSV (features, tags, images): one item per line, trimmed, no empty items.';
revoke execute on function public.product_import_lines(p_text text) from public, anon, authenticated;

-- The heart of the dry run and of the apply: every staged row of lines p_from..p_to of an import, as
-- what it would do now. `after` is the product as it would be (the products columns, plus category and
-- subcategory by slug); `changes` is {column: {before, after}} in the CSV's column names (all of them
-- for a new product). Duplicates are reported on the later line, so a line's answer never depends on
-- lines after it.
create or replace function public.product_import_analyse(p_import_id uuid, p_from integer, p_to integer)
returns table (line integer, product_id uuid, action text, errors text[], changes jsonb, after jsonb)
language sql
stable
set search_path = ''
as $$
  with staged as (
    select r.line, r.data,
      nullif(btrim(r.data ->> 'id'), '') as id_text,
      nullif(btrim(r.data ->> 'sku'), '') as sku,
      nullif(btrim(r.data ->> 'slug'), '') as slug
    from public.product_import_rows r
    -- Lines after the chunk cannot make a line of it a duplicate (the later line gets the error).
    where r.import_id = p_import_id and r.line <= p_to
  ),
  matched as (
    select s.*,
      coalesce(by_id.id, by_sku.id, by_slug.id) as product_id,
      s.id_text is not null and by_id.id is null as unknown_id
    from staged s
    left join public.products by_id
      on by_id.id = case when s.id_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then s.id_text::uuid end
    left join public.products by_sku on s.id_text is null and lower(by_sku.sku) = lower(s.sku)
    left join public.products by_slug on s.id_text is null and by_sku.id is null and by_slug.slug = s.slug
  ),
  keyed as (
    select m.*,
      coalesce(m.product_id::text, 'sku:' || lower(m.sku), 'name:' || lower(btrim(m.data ->> 'name'))) as target,
      min(m.line) over (partition by coalesce(
        m.product_id::text, 'sku:' || lower(m.sku), 'name:' || lower(btrim(m.data ->> 'name')))) as first_line
    from matched m
  ),
  cells as (
    -- Each cell of the chunk as text, or the product's own value when the column is left out.
    select k.line, k.product_id, k.unknown_id, k.sku as sku_cell, k.first_line, k.data,
      p as old,
      case when k.data ? 'name' then btrim(k.data ->> 'name') else p.name end as name,
      case when k.data ? 'description' then btrim(k.data ->> 'description') else p.description end as description,
      case when k.data ? 'category' then nullif(btrim(k.data ->> 'category'), '') else c.slug end as category,
      case when k.data ? 'subcategory' then nullif(btrim(k.data ->> 'subcategory'), '') else sc.slug end as subcategory,
      case when k.data ? 'price' then btrim(k.data ->> 'price') else p.price::text end as price,
      case when k.data ? 'original_price' then nullif(btrim(k.data ->> 'original_price'), '')
        else p.original_price::text end as original_price,
      case when k.data ? 'image_url' then btrim(k.data ->> 'image_url') else p.image_url end as image_url,
      case when k.data ? 'images' then public.product_import_lines(k.data ->> 'images')
        else coalesce(p.images, '{}') end as images,
      case when k.data ? 'in_stock' then lower(btrim(k.data ->> 'in_stock')) else p.in_stock::text end as in_stock,
      case when k.data ? 'stock_count' then btrim(k.data ->> 'stock_count') else p.stock_count::text end as stock_count,
      case when k.data ? 'purchase_limit' then nullif(btrim(k.data ->> 'purchase_limit'), '')
        else p.purchase_limit::text end as purchase_limit,
      case when k.data ? 'features' then public.product_import_lines(k.data ->> 'features')
        else coalesce(p.features, '{}') end as features,
      case when k.data ? 'tags' then public.product_import_lines(k.data ->> 'tags')
        else coalesce(p.tags, '{}') end as tags,
      nullif(btrim(k.data ->> 'specifications'), '') as specifications,
      coalesce(k.sku, p.sku) as sku,
      case when k.data ? 'supply_kind' then nullif(lower(btrim(k.data ->> 'supply_kind')), '')
        else p.supply_kind end as supply_kind,
      case when k.data ? 'servings_per_unit' then nullif(btrim(k.data ->> 'servings_per_unit'), '')
        else p.servings_per_unit::text end as servings_per_unit,
      case when k.data ? 'calories_per_unit' then nullif(btrim(k.data ->> 'calories_per_unit'), '')
        else p.calories_per_unit::text end as calories_per_unit,
      case when k.data ? 'water_litres_per_unit' then nullif(btrim(k.data ->> 'water_litres_per_unit'), '')
        else p.water_litres_per_unit::text end as water_litres_per_unit,
      case when k.data ? 'person_days_per_unit' then nullif(btrim(k.data ->> 'person_days_per_unit'), '')
        else p.person_days_per_unit::text end as person_days_per_unit
    from keyed k
    left join public.products p on p.id = k.product_id
    left join public.categories c on c.id = p.category_id
    left join public.subcategories sc on sc.id = p.subcategory_id
    where k.line between p_from and p_to
  ),
  parsed as (
    select x.*,
      cat.id as category_id,
      sub.id as subcategory_id,
      case when x.price ~ '^\d{1,8}(\.\d{1,2})?$' then
        case when x.price::numeric > 0 then x.price::numeric(10, 2) end end as price_value,
      case when x.original_price ~ '^\d{1,8}(\.\d{1,2})?$' then x.original_price::numeric(10, 2) end as original_price_value,
      case when x.in_stock in ('true', 'yes', 'y', '1') then true
        when x.in_stock in ('false', 'no', 'n', '0') then false end as in_stock_value,
      case when x.stock_count ~ '^\d{1,9}$' then x.stock_count::integer
        when coalesce(x.stock_count, '') = '' and x.product_id is null then 0 end as stock_count_value,
      case when x.purchase_limit ~ '^\d{1,3}$' then
        case when x.purchase_limit::integer between 1 and 999 then x.purchase_limit::integer end end
        as purchase_limit_value,
      case when not x.data ? 'specifications' then coalesce((x.old).specifications, '{}'::jsonb)
        when x.specifications is null then '{}'::jsonb
        else public.product_import_json_object(x.specifications) end as specifications_value,
      case when x.servings_per_unit ~ '^\d{1,9}$' then
        case when x.servings_per_unit::integer > 0 then x.servings_per_unit::integer end end as servings_value,
      case when x.calories_per_unit ~ '^\d{1,9}$' then
        case when x.calories_per_unit::integer > 0 then x.calories_per_unit::integer end end as calories_value,
      case when x.water_litres_per_unit ~ '^\d{1,8}(\.\d{1,2})?$' then
        case when x.water_litres_per_unit::numeric > 0 then x.water_litres_per_unit::numeric(10, 2) end end
        as water_value,
      case when x.person_days_per_unit ~ '^\d{1,5}(\.\d)?$' then
        case when x.person_days_per_unit::numeric > 0 then x.person_days_per_unit::numeric(6, 1) end end
        as person_days_value,
      exists (select 1 from public.product_lots l where l.product_id = x.product_id) as has_lots,
      (select o.id from public.products o where lower(o.sku) = lower(x.sku_cell) and o.id is distinct from x.product_id)
        as sku_owner
    from cells x
    left join public.categories cat on cat.slug = x.category
    left join public.subcategories sub on sub.category_id = cat.id and sub.slug = x.subcategory
  ),
  checked as (
    select y.*,
      array_remove(array[
        case when y.unknown_id then format('Unknown id "%s"', btrim(y.data ->> 'id')) end,
        case when y.first_line < y.line then format('Duplicate of line %s', y.first_line) end,
        case when y.sku_cell is not null and y.sku_cell !~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$'
          then format('Bad SKU "%s": letters, digits and . _ / - (at most 64)', y.sku_cell) end,
        case when y.sku_owner is not null then format('SKU "%s" belongs to another product', y.sku_cell) end,
        case when coalesce(y.name, '') = '' then 'Name is required' end,
        case when coalesce(y.description, '') = '' then 'Description is required' end,
        case when y.category is null then 'Category is required'
          when y.category_id is null then format('Unknown category "%s"', y.category) end,
        case when y.subcategory is not null and y.category_id is not null and y.subcategory_id is null
          then format('Unknown subcategory "%s" in category "%s"', y.subcategory, y.category) end,
        case when y.price_value is null
          then format('Bad price "%s": a number above 0 with at most 2 decimals', coalesce(y.price, '')) end,
        case when y.original_price is not null and y.original_price_value is null
          then format('Bad original price "%s": empty or a number with at most 2 decimals', y.original_price) end,
        case when coalesce(y.image_url, '') = '' then 'Main image URL is required'
          when y.image_url !~ '^(https?://[^\s/]+[^\s]*|/[^\s]*)$' then format('Bad URL "%s"', y.image_url) end,
        (select format('Bad URL "%s"', u) from unnest(y.images) u
          where u !~ '^(https?://[^\s/]+[^\s]*|/[^\s]*)$' limit 1),
        case when y.in_stock_value is null and y.in_stock is not null and (y.in_stock <> '' or y.product_id is not null)
          then format('Bad in_stock "%s": true or false', y.in_stock) end,
        case when y.stock_count_value is null
          then format('Bad stock count "%s": a whole number of 0 or more', y.stock_count) end,
        case when y.has_lots and y.stock_count_value is distinct from (y.old).stock_count
          then 'The stock of a product with lots is the sum of its lots: edit the lots' end,
        case when y.purchase_limit is not null and y.purchase_limit_value is null
          then format('Bad purchase limit "%s": empty or a whole number from 1 to 999', y.purchase_limit) end,
        case when y.specifications_value is null
          then 'Bad specifications: a JSON object such as {"Weight": "1 kg"}' end,
        case when y.supply_kind is not null and y.supply_kind not in ('water', 'food', 'light', 'power', 'first_aid', 'communication', 'shelter', 'tool')
          then format('Bad supply kind "%s": water, food, light, power, first_aid, communication, shelter or tool',
            y.supply_kind) end,
        case when y.servings_per_unit is not null and y.servings_value is null
          then format('Bad servings per unit "%s": empty or a whole number above 0', y.servings_per_unit) end,
        case when y.calories_per_unit is not null and y.calories_value is null
          then format('Bad calories per unit "%s": empty or a whole number above 0', y.calories_per_unit) end,
        case when y.water_litres_per_unit is not null and y.water_value is null
          then format('Bad water litres per unit "%s": empty or a number above 0 with at most 2 decimals',
            y.water_litres_per_unit) end,
        case when y.person_days_per_unit is not null and y.person_days_value is null
          then format('Bad person-days per unit "%s": empty or a number above 0 with at most 1 decimal',
            y.person_days_per_unit) end
      ], null) as errors,
      jsonb_build_object(
        'sku', y.sku, 'name', y.name, 'description', y.description,
        'category', y.category, 'subcategory', case when y.subcategory_id is not null then y.subcategory end,
        'category_id', y.category_id, 'subcategory_id', y.subcategory_id,
        'price', y.price_value, 'original_price', y.original_price_value, 'image_url', y.image_url,
        'images', to_jsonb(y.images), 'in_stock', coalesce(y.in_stock_value, true),
        'stock_count', y.stock_count_value, 'purchase_limit', y.purchase_limit_value,
        'features', to_jsonb(y.features), 'specifications', y.specifications_value, 'tags', to_jsonb(y.tags),
        'supply_kind', y.supply_kind, 'servings_per_unit', y.servings_value,
        'calories_per_unit', y.calories_value, 'water_litres_per_unit', y.water_value,
        'person_days_per_unit', y.person_days_value
      ) as after_row,
      case when y.product_id is not null then jsonb_build_object(
        'sku', (y.old).sku, 'name', (y.old).name, 'description', (y.old).description,
        'category', (select c.slug from public.categories c where c.id = (y.old).category_id),
        'subcategory', (select s.slug from public.subcategories s where s.id = (y.old).subcategory_id),
        'price', (y.old).price, 'original_price', (y.old).original_price, 'image_url', (y.old).image_url,
        'images', to_jsonb((y.old).images), 'in_stock', (y.old).in_stock,
        'stock_count', (y.old).stock_count, 'purchase_limit', (y.old).purchase_limit,
        'features', to_jsonb((y.old).features), 'specifications', (y.old).specifications,
        'tags', to_jsonb((y.old).tags),
        'supply_kind', (y.old).supply_kind, 'servings_per_unit', (y.old).servings_per_unit,
        'calories_per_unit', (y.old).calories_per_unit, 'water_litres_per_unit', (y.old).water_litres_per_unit,
        'person_days_per_unit', (y.old).person_days_per_unit
      ) end as before_row
    from parsed y
  )
  select z.line, z.product_id,
    case when cardinality(z.errors) > 0 then 'error'
      when z.product_id is null then 'create'
      when d.changes = '{}'::jsonb then 'unchanged'
      else 'update' end,
    z.errors,
    d.changes,
    z.after_row
  from checked z
  cross join lateral (
    select coalesce(jsonb_object_agg(key,
      case when z.before_row is null then jsonb_build_object('after', z.after_row -> key)
        else jsonb_build_object('before', z.before_row -> key, 'after', z.after_row -> key) end), '{}') as changes
    from unnest(array['sku', 'name', 'description', 'category', 'subcategory', 'price', 'original_price',
      'image_url', 'images', 'in_stock', 'stock_count', 'purchase_limit', 'features', 'specifications',
      'tags', 'supply_kind', 'servings_per_unit', 'calories_per_unit', 'water_litres_per_unit',
      'person_days_per_unit']) as key
    where z.before_row is null or (z.before_row -> key) is distinct from (z.after_row -> key)
  ) d
  order by z.line;
$$;

comment on function public.product_import_analyse(uuid, integer, integer) is
  'What lines p_from..p_to of a staged product import would do now: line, product_id, action (create, '
  'update, unchanged, error), errors, changes {column: {before, after}} and the product after. Internal.';
revoke execute on function public.product_import_analyse(p_import_id uuid, p_from integer, p_to integer) from public, anon, authenticated;

-- The import, if it is the caller's and not applied yet; else an error.
create or replace function public.product_import_owned(p_import_id uuid)
returns public.product_imports
language plpgsql
stable
set search_path = ''
as $$
declare
  v_import public.product_imports;
begin
  select * into v_import from public.product_imports i
  where i.id = p_import_id and i.created_by = (select auth.uid());
  if not found then
    raise exception 'This import was not found: start it again' using errcode = 'P0002';
  end if;
  if v_import.applied_at is not null then
    raise exception 'This import has already been applied' using errcode = '22023';
  end if;
  return v_import;
end;
$$;

comment on function public.product_import_owned(uuid) is
  'The caller''s own unapplied import, else an error (not found, already applied). Internal.';
revoke execute on function public.product_import_owned(p_import_id uuid) from public, anon, authenticated;

create or replace function public.admin_product_import_start(p_file_name text default '')
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  -- Imports are kept a day: long enough to check and apply, short enough not to pile up.
  delete from public.product_imports i where i.created_at < now() - interval '1 day';
  insert into public.product_imports (created_by, file_name)
  values ((select auth.uid()), left(coalesce(p_file_name, ''), 255))
  returning id into v_id;
  return v_id;
end;
$$;

comment on function public.admin_product_import_start(text) is
  'Starts a CSV product import (products permission): returns its id for admin_product_import_check '
  'and admin_product_import_apply. Removes imports older than a day.';
revoke execute on function public.admin_product_import_start(p_file_name text) from public, anon;
grant execute on function public.admin_product_import_start(p_file_name text) to authenticated, service_role;

create or replace function public.admin_product_import_check(p_import_id uuid, p_rows jsonb)
returns table (line integer, product_id uuid, action text, errors text[], changes jsonb)
language plpgsql
volatile
security definer
set search_path = ''
-- A chunk of rows is checked against the whole catalogue: allow more than an ordinary request.
set statement_timeout = '60s'
as $$
declare
  v_from integer;
  v_to integer;
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  perform public.product_import_owned(p_import_id);
  if jsonb_typeof(p_rows) is distinct from 'array' or jsonb_array_length(p_rows) not between 1 and 1000 then
    raise exception 'Send between 1 and 1000 rows at a time' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_rows) r
    where jsonb_typeof(r) <> 'object' or jsonb_typeof(r -> 'line') <> 'number'
      or (r ->> 'line') !~ '^\d{1,7}$' or (r ->> 'line')::integer < 1
      or exists (select 1 from jsonb_each(r - 'line') c where jsonb_typeof(c.value) not in ('string', 'null'))
  ) then
    raise exception 'Each row is an object with its line number and its cells as text' using errcode = '22023';
  end if;
  -- A chunk sent again (a retry) replaces its rows.
  insert into public.product_import_rows (import_id, line, data)
  select p_import_id, (r ->> 'line')::integer, r - 'line'
  from jsonb_array_elements(p_rows) r
  on conflict on constraint product_import_rows_pkey do update set data = excluded.data;
  select min((r ->> 'line')::integer), max((r ->> 'line')::integer) into v_from, v_to
  from jsonb_array_elements(p_rows) r;
  return query
    select a.line, a.product_id, a.action, a.errors, a.changes
    from public.product_import_analyse(p_import_id, v_from, v_to) a;
end;
$$;

comment on function public.admin_product_import_check(uuid, jsonb) is
  'The dry run of a chunk of a CSV product import (products permission, the caller''s own import): stores '
  'the rows [{line, <column>: text, ...}] and answers per line what it would do, its changes and errors. '
  'Writes nothing in the catalogue.';
revoke execute on function public.admin_product_import_check(p_import_id uuid, p_rows jsonb) from public, anon;
grant execute on function public.admin_product_import_check(p_import_id uuid, p_rows jsonb) to authenticated, service_role;

create or replace function public.admin_product_import_apply(p_import_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
-- 10,000 rows take longer than an ordinary request may (PostgREST applies a function's own
-- statement_timeout to its call).
set statement_timeout = '300s'
as $$
declare
  v_import public.product_imports;
  v_rows integer;
  v_errors integer;
  v_first text;
  v_created integer := 0;
  v_updated integer := 0;
  v_summary jsonb;
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  v_import := public.product_import_owned(p_import_id);
  -- Another apply of the same import waits here, then finds it applied.
  perform 1 from public.product_imports i where i.id = p_import_id for update;
  if (select i.applied_at from public.product_imports i where i.id = p_import_id) is not null then
    raise exception 'This import has already been applied' using errcode = '22023';
  end if;

  create temporary table pg_temp.product_import_plan on commit drop as
    select * from public.product_import_analyse(p_import_id, 1, 2147483647);
  get diagnostics v_rows = row_count;
  if v_rows = 0 then
    raise exception 'The import has no rows' using errcode = '22023';
  end if;
  select count(*) into v_errors from pg_temp.product_import_plan a where a.action = 'error';
  if v_errors > 0 then
    select format('line %s: %s', a.line, array_to_string(a.errors, '; ')) into v_first
    from pg_temp.product_import_plan a where a.action = 'error' order by a.line limit 1;
    raise exception 'Nothing was imported: % rows have errors (first %)', v_errors, v_first
      using errcode = '22023';
  end if;

  -- Every product written below is audited as part of this import.
  perform set_config('readystock.audit_import', p_import_id::text, true);

  update public.products p
  set sku = n.sku, name = n.name, description = n.description, category_id = n.category_id,
      subcategory_id = n.subcategory_id, price = n.price, original_price = n.original_price,
      image_url = n.image_url, images = n.images, in_stock = n.in_stock, stock_count = n.stock_count,
      purchase_limit = n.purchase_limit, features = n.features, specifications = n.specifications,
      tags = n.tags, supply_kind = n.supply_kind, servings_per_unit = n.servings_per_unit,
      calories_per_unit = n.calories_per_unit, water_litres_per_unit = n.water_litres_per_unit,
      person_days_per_unit = n.person_days_per_unit
  from pg_temp.product_import_plan a
  cross join lateral jsonb_populate_record(null::public.products, a.after) n
  where a.action = 'update' and p.id = a.product_id;
  get diagnostics v_updated = row_count;

  insert into public.products (sku, name, description, category_id, subcategory_id, price, original_price,
    image_url, images, in_stock, stock_count, purchase_limit, features, specifications, tags, supply_kind,
    servings_per_unit, calories_per_unit, water_litres_per_unit, person_days_per_unit)
  select coalesce(n.sku, 'RS-' || lpad(nextval('public.products_sku_seq')::text, 6, '0')), n.name,
    n.description, n.category_id, n.subcategory_id, n.price, n.original_price, n.image_url, n.images,
    n.in_stock, n.stock_count, n.purchase_limit, n.features, n.specifications, n.tags, n.supply_kind,
    n.servings_per_unit, n.calories_per_unit, n.water_litres_per_unit, n.person_days_per_unit
  from pg_temp.product_import_plan a
  cross join lateral jsonb_populate_record(null::public.products, a.after) n
  where a.action = 'create'
  order by a.line;
  get diagnostics v_created = row_count;

  perform set_config('readystock.audit_import', '', true);

  v_summary := jsonb_build_object('created', v_created, 'updated', v_updated,
    'unchanged', v_rows - v_created - v_updated);
  update public.product_imports i set applied_at = now(), summary = v_summary where i.id = p_import_id;
  delete from public.product_import_rows r where r.import_id = p_import_id;

  insert into public.audit_log (actor_id, actor_email, entity, record_id, record_label, action, changes)
  values (
    (select auth.uid()),
    (select u.email::text from auth.users u where u.id = (select auth.uid())),
    'import', p_import_id::text, nullif(v_import.file_name, ''), 'created',
    jsonb_build_object('rows', jsonb_build_object('after', v_rows),
      'created', jsonb_build_object('after', v_created),
      'updated', jsonb_build_object('after', v_updated),
      'unchanged', jsonb_build_object('after', v_rows - v_created - v_updated))
  );
  return v_summary;
end;
$$;

comment on function public.admin_product_import_apply(uuid) is
  'Applies the caller''s checked CSV product import in this one transaction (products permission): every '
  'row is checked again and, if any has an error, nothing is written. Returns {created, updated, '
  'unchanged}; the audit log gets an ''import'' entry and one entry per product written (parent: the import).';
revoke execute on function public.admin_product_import_apply(p_import_id uuid) from public, anon;
grant execute on function public.admin_product_import_apply(p_import_id uuid) to authenticated, service_role;

-- Bulk edits of the products selected on /admin/products (at most 1000 at a time). Each is one
-- statement, audited per product by the audit_record trigger, and answers the number of products changed.
-- Each product row written goes into every index of products again (the columns they change are
-- indexed, so no update is HOT), the trigram index of search_text the dearest: 1,000 products take a
-- second or two on PostgreSQL and can take longer than an ordinary request may on a busy PGlite, so
-- each bulk edit may run for 60 s (PostgREST applies a function's own statement_timeout to its call).
create or replace function public.admin_products_check_selection(p_ids uuid[])
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.has_admin_permission('products') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if coalesce(cardinality(p_ids), 0) not between 1 and 1000 then
    raise exception 'Select between 1 and 1000 products' using errcode = '22023';
  end if;
end;
$$;

comment on function public.admin_products_check_selection(uuid[]) is
  'Refuses a bulk edit without the products permission or with no or more than 1000 products. Internal.';
revoke execute on function public.admin_products_check_selection(p_ids uuid[]) from public, anon, authenticated;

create or replace function public.admin_products_set_in_stock(p_ids uuid[], p_in_stock boolean)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '60s'
as $$
declare
  v_count integer;
begin
  perform public.admin_products_check_selection(p_ids);
  if p_in_stock is null then
    raise exception 'Choose in stock or out of stock' using errcode = '22023';
  end if;
  update public.products p set in_stock = p_in_stock
  where p.id = any (p_ids) and p.in_stock is distinct from p_in_stock;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.admin_products_set_in_stock(uuid[], boolean) is
  'Bulk edit (products permission): marks the given products in stock or out of stock; returns how many changed.';
revoke execute on function public.admin_products_set_in_stock(p_ids uuid[], p_in_stock boolean) from public, anon;
grant execute on function public.admin_products_set_in_stock(p_ids uuid[], p_in_stock boolean) to authenticated, service_role;

create or replace function public.admin_products_set_category(
  p_ids uuid[],
  p_category_id uuid,
  p_subcategory_id uuid default null
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '60s'
as $$
declare
  v_count integer;
begin
  perform public.admin_products_check_selection(p_ids);
  if not exists (select 1 from public.categories c where c.id = p_category_id) then
    raise exception 'Unknown category' using errcode = '22023';
  end if;
  if p_subcategory_id is not null and not exists (
    select 1 from public.subcategories s where s.id = p_subcategory_id and s.category_id = p_category_id
  ) then
    raise exception 'The subcategory is not in that category' using errcode = '22023';
  end if;
  update public.products p set category_id = p_category_id, subcategory_id = p_subcategory_id
  where p.id = any (p_ids)
    and (p.category_id, p.subcategory_id) is distinct from (p_category_id, p_subcategory_id);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.admin_products_set_category(uuid[], uuid, uuid) is
  'Bulk edit (products permission): moves the given products to a category (and optional subcategory of '
  'it); returns how many changed.';
revoke execute on function public.admin_products_set_category(p_ids uuid[], p_category_id uuid, p_subcategory_id uuid) from public, anon;
grant execute on function public.admin_products_set_category(p_ids uuid[], p_category_id uuid, p_subcategory_id uuid) to authenticated, service_role;

-- The new price of a bulk adjustment: by a percentage (10 = 10% more, -10 = 10% less) or by an amount
-- (2.50 or -2.50), rounded half up to the cent. The back office's preview computes the same.
create or replace function public.product_adjusted_price(p_price numeric, p_percent numeric, p_amount numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select round(case when p_percent is not null then p_price * (100 + p_percent) / 100 else p_price + p_amount end, 2);
$$;

comment on function public.product_adjusted_price(numeric, numeric, numeric) is
  'A price adjusted by a percentage or by an amount, rounded to the cent (bulk price change). Internal.';
revoke execute on function public.product_adjusted_price(p_price numeric, p_percent numeric, p_amount numeric) from public, anon, authenticated;

create or replace function public.admin_products_adjust_price(
  p_ids uuid[],
  p_percent numeric default null,
  p_amount numeric default null
)
returns table (id uuid, name text, price_before numeric, price_after numeric)
language plpgsql
volatile
security definer
set search_path = ''
set statement_timeout = '60s'
as $$
declare
  v_bad text;
begin
  perform public.admin_products_check_selection(p_ids);
  if (p_percent is null) = (p_amount is null) then
    raise exception 'Give either a percentage or an amount' using errcode = '22023';
  end if;
  if p_percent is not null and (p_percent <= -100 or p_percent > 1000) then
    raise exception 'The percentage must be above -100 and at most 1000' using errcode = '22023';
  end if;
  if p_amount is not null and abs(p_amount) > 99999999 then
    raise exception 'The amount is too large' using errcode = '22023';
  end if;
  select p.name into v_bad from public.products p
  where p.id = any (p_ids)
    and public.product_adjusted_price(p.price, p_percent, p_amount) not between 0.01 and 99999999.99
  order by p.name limit 1;
  if v_bad is not null then
    raise exception 'The new price of % would be out of range (0.01 to 99,999,999.99)', v_bad
      using errcode = '22023';
  end if;
  return query
    with old as (
      select p.id, p.price from public.products p where p.id = any (p_ids) for update
    )
    update public.products p set price = public.product_adjusted_price(o.price, p_percent, p_amount)
    from old o
    where p.id = o.id
    returning p.id, p.name, o.price, p.price;
end;
$$;

comment on function public.admin_products_adjust_price(uuid[], numeric, numeric) is
  'Bulk edit (products permission): changes the given products'' prices by a percentage or an amount '
  '(rounded to the cent, each new price 0.01 or more, else nothing changes); returns each before and after.';
revoke execute on function public.admin_products_adjust_price(p_ids uuid[], p_percent numeric, p_amount numeric) from public, anon;
grant execute on function public.admin_products_adjust_price(p_ids uuid[], p_percent numeric, p_amount numeric) to authenticated, service_role;

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

-- Row-level security and grants -------------------------------------------------------------------
-- No policies: only the functions above (security definer) read or write the staged imports.
revoke all on public.product_imports, public.product_import_rows from anon, authenticated, service_role;
grant select on public.product_imports, public.product_import_rows to service_role;
