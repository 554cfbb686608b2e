-- A SKU is unique whatever its case: "ABC-1" and "abc-1" can no longer both exist. The unique
-- constraint on sku becomes a unique index of the same name on lower(sku) (so a refused write still names
-- products_sku_key), and the CSV import matches a row's SKU, finds its owner and spots duplicate lines
-- in any case.
alter table public.products drop constraint products_sku_key;

create unique index products_sku_key on public.products (lower(sku));

comment on column public.products.sku is
  'Stock-keeping unit: unique whatever its case, stable, letters, digits and . _ / - (at most 64); default RS-<6 digits>.';

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
