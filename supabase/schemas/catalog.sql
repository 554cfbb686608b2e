-- The catalogue: categories, their subcategories, and products.
-- Anyone may read it (anon and signed-in); administrators with the `categories` or `products`
-- permission write it, under row-level security, straight over REST or through admin_save_category and
-- admin_create_category. Triggers keep the derived columns right whoever writes: products.slug (the
-- name slugified plus the id, so it is unique and stable), products.search_text (what the trigram
-- search reads) and updated_at. The storefront's /products page reads product_listing, a view that
-- lets the planner use the owner's column statistics; search_products and count_products serve the
-- search box and the page's "N products" line at catalogue scale. Indexes follow the storefront's sort
-- orders (featured, price, newest, rating, name), each overall and per category, ending in id so that
-- pages are stable.

-- Tables ------------------------------------------------------------------------------------------
create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null default '',
  image_url text,
  created_at timestamptz not null default now(),
  constraint categories_slug_key unique (slug)
);

alter table public.categories enable row level security;

comment on table public.categories is 'Top-level catalogue categories (Communication, Survival Gear, ...).';

create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null default '',
  created_at timestamptz not null default now(),
  -- Optional illustration for pages that want one (the seed ships one per subcategory).
  image_url text,
  constraint subcategories_category_id_slug_key unique (category_id, slug)
);

alter table public.subcategories enable row level security;

comment on table public.subcategories is 'Second catalogue level; slug unique within its category.';

comment on column public.subcategories.image_url is 'Optional illustration URL for the subcategory.';

create table public.products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  -- Set by the products_set_slug trigger: slugify(name) || '-' || id.
  slug text not null,
  price numeric(10, 2) not null check (price >= 0),
  original_price numeric(10, 2) check (original_price >= 0),
  description text not null,
  category_id uuid not null references public.categories (id) on delete cascade,
  subcategory_id uuid references public.subcategories (id) on delete set null,
  image_url text not null,
  images text[] not null default '{}',
  in_stock boolean not null default true,
  stock_count integer not null default 0 check (stock_count >= 0),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  features text[] not null default '{}',
  specifications jsonb not null default '{}' check (jsonb_typeof(specifications) = 'object'),
  tags text[] not null default '{}',
  -- Maintained by the products_set_search_text trigger for the trigram-indexed product search.
  search_text text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Most units one order may hold (null: no limit), enforced by place_order.
  purchase_limit integer check (purchase_limit > 0),
  -- Maintained by the products_set_search_text trigger: the words of name (A), tags (B) and
  -- description (C), for the ranked search.
  search_vector tsvector,
  -- The kit builder's structured facts (null: not stated; a product is only proposed for a need it states).
  supply_kind text check (
    supply_kind in ('water', 'food', 'light', 'power', 'first_aid', 'communication', 'shelter', 'tool')
  ),
  servings_per_unit integer check (servings_per_unit > 0),
  calories_per_unit integer check (calories_per_unit > 0),
  water_litres_per_unit numeric(10, 2) check (water_litres_per_unit > 0),
  person_days_per_unit numeric(6, 1) check (person_days_per_unit > 0),
  -- The stock-keeping unit: a stable code staff and CSV imports match a product by (the slug follows
  -- the name). Given by the import or the form, else the next RS-000123 from products_sku_seq.
  sku text not null,
  constraint products_slug_key unique (slug),
  constraint products_sku_check check (sku ~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$')
);

create sequence public.products_sku_seq owned by public.products.sku;

alter table public.products
  alter column sku set default ('RS-' || lpad(nextval('public.products_sku_seq')::text, 6, '0'));

-- A SKU is unique whatever its case: "ABC-1" and "abc-1" are one code to staff and to the CSV import,
-- which matches a row's SKU the same way. A refused write names products_sku_key (23505).
create unique index products_sku_key on public.products (lower(sku));

-- The SKU as products_sku_key holds it (lower case), as a computed field: the back office's search asks
-- for `sku_lower=eq.<term in lower case>` and so finds a SKU typed in any case. A plain SQL function
-- without a SET clause, so the planner inlines it into lower(sku) and answers from products_sku_key (a
-- SET clause would keep it from being inlined, and every row would pay a call); pg_catalog's lower, which
-- a search_path cannot shadow.
create or replace function public.sku_lower(p_product public.products)
returns text
language sql
immutable
parallel safe
as $$
  select pg_catalog.lower(p_product.sku)
$$;

comment on function public.sku_lower(public.products) is
  'Computed field: the product''s SKU in lower case, as the unique index products_sku_key holds it, so a '
  'filter sku_lower=eq.<lower-case SKU> finds a SKU typed in any case from that index.';
revoke execute on function public.sku_lower(p_product public.products) from public;
grant execute on function public.sku_lower(p_product public.products) to anon, authenticated, service_role;

alter table public.products enable row level security;

comment on table public.products is 'Catalogue products; slug and search_text are maintained by triggers.';

comment on column public.products.sku is
  'Stock-keeping unit: unique whatever its case, stable, letters, digits and . _ / - (at most 64); default RS-<6 digits>.';

comment on column public.products.purchase_limit is
  'Most units of this product one order may hold (null = no limit); enforced by place_order.';

comment on column public.products.supply_kind is
  'What the product is for in a preparedness kit (water, food, light, power, first_aid, communication, shelter, tool); null = not stated. Read by the kit builder.';
comment on column public.products.servings_per_unit is 'Servings one unit holds (food); null = not stated.';
comment on column public.products.calories_per_unit is
  'Kilocalories one unit holds in all (food); null = not stated. The kit builder covers the food need with it.';
comment on column public.products.water_litres_per_unit is
  'Litres of drinking water one unit stores or makes safe (water); null = not stated. The kit builder covers the water need with it.';
comment on column public.products.person_days_per_unit is
  'Days one person is covered by one unit, as its maker states it; null = not stated. Shown by the kit builder.';

create index products_supply_kind_idx on public.products (supply_kind, price) where supply_kind is not null;

-- The search's own vocabulary: every word of a product's name and tags (letters, 3 to 40 characters), so
-- a misspelt query word can be matched to the nearest real one by trigram similarity. Filled by the
-- products_collect_search_terms triggers; a word whose products are gone stays (search_suggestions only
-- offers words that still find something). Read only inside search_tsquery and search_suggestions.
-- It is read whole with similarity() (a vocabulary, small beside the catalogue), never through the
-- `%` operator on a trigram GIN index: on PGlite that index scan sometimes returns nothing for a word it
-- holds (and the search then corrected nothing), where PostgreSQL is right every time.
create table public.search_terms (
  term text primary key check (char_length(term) between 3 and 40)
);

alter table public.search_terms enable row level security;

comment on table public.search_terms is
  'Words of product names and tags, for typo-tolerant search (nearest word by trigram similarity).';

-- The whole catalogue's facet counts: products per category, availability (in stock or not) and rating
-- band (the rating's whole stars, 0 to 5), kept by the products_facet_counts triggers in the writing
-- transaction. product_facets reads it for the unfiltered list (no search, filter or category), which
-- otherwise counts every product (70-80 ms at 100,000). Rows at zero stay (readers skip them). Row-level
-- security on and no policy: only product_facets (security definer) reads it.
create table public.product_facet_counts (
  category_id uuid not null,
  in_stock boolean not null,
  rating_band smallint not null check (rating_band between 0 and 5),
  product_count bigint not null default 0,
  primary key (category_id, in_stock, rating_band)
);

alter table public.product_facet_counts enable row level security;

comment on table public.product_facet_counts is
  'Rollup for product_facets: products per category, in_stock and rating band (whole stars); kept by triggers on products.';

-- Storefront: categories by created_at (header, home), by name (filters); category page by slug
-- (unique index above).
create index categories_created_at_idx on public.categories (created_at);

create index categories_name_idx on public.categories (name);

create index categories_name_lower_trgm_idx on public.categories using gin (lower(name) extensions.gin_trgm_ops);

-- Subcategories by category (unique (category_id, slug) covers category_id and category page slugs);
-- admin form lists them by name.
create index subcategories_category_id_name_idx on public.subcategories (category_id, name);

create index products_in_stock_stock_count_idx on public.products (in_stock, stock_count);

-- The dashboard's low stock (admin_stock_alerts): fewest first, by name, a page at a time, whatever the
-- threshold; without it every call sorted the whole catalogue.
create index products_stock_count_name_idx on public.products (stock_count, name, id);

create index products_search_text_trgm_idx on public.products using gin (search_text extensions.gin_trgm_ops);

create index products_search_vector_idx on public.products using gin (search_vector);

create index products_name_lower_trgm_idx on public.products using gin (lower(name) extensions.gin_trgm_ops);

create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);

-- The words of the name alone, for the search's first candidates (products whose name holds every word
-- of the query); its own statistics tell the planner how common a word is in names.
create index products_name_vector_idx on public.products using gin (to_tsvector('pg_catalog.simple', name));

create index products_featured_idx on public.products (in_stock desc, rating desc, id);

create index products_price_idx on public.products (price, id);

create index products_price_desc_idx on public.products (price desc, id);

create index products_newest_idx on public.products (created_at desc, id);

create index products_rating_idx on public.products (rating desc, id);

create index products_name_idx on public.products (name, id);

create index products_category_featured_idx on public.products (category_id, in_stock desc, rating desc, id);

create index products_category_price_idx on public.products (category_id, price, id);

create index products_category_price_desc_idx on public.products (category_id, price desc, id);

create index products_category_newest_idx on public.products (category_id, created_at desc, id);

create index products_subcategory_newest_idx on public.products (subcategory_id, created_at desc, id);

-- The facets' counts (product_facets) read availability, rating and price of a category's, a subcategory's
-- or the whole catalogue's products from this index alone.
create index products_facets_idx on public.products (category_id, subcategory_id, price)
  include (in_stock, stock_count, rating);

-- The search's order (best rated, then name), overall and per category.
create index products_rating_name_idx on public.products (rating desc, name, id);

create index products_category_rating_name_idx on public.products (category_id, rating desc, name, id);

-- Views -------------------------------------------------------------------------------------------
create view public.product_listing with (security_invoker = false) as
  select * from public.products;

comment on view public.product_listing is
  'The storefront''s product list (/products): products with the owner''s planner statistics; read-only.';

-- Functions ---------------------------------------------------------------------------------------
-- Keeps products.slug, products.search_text and products.updated_at right whoever writes a product.
-- Why: the storefront links products by slug (slugify(name) || '-' || id) and the
-- admin form never sends one; the search overlay matches a lowercase text of name, description and
-- tags through a trigram index, which only works if that text is maintained in the database.
create or replace function public.slugify(p_value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(
    regexp_replace(
      regexp_replace(lower(coalesce(p_value, '')), '[^[:alnum:][:space:]_-]', '', 'g'),
      '[[:space:]_-]+', '-', 'g'
    ),
    '-'
  );
$$;

comment on function public.slugify(text) is
  'URL slug of a name: lowercase, punctuation removed, runs of whitespace, underscores and hyphens '
  'collapsed to one hyphen, no leading or trailing hyphen.';
revoke execute on function public.slugify(p_value text) from public;
grant execute on function public.slugify(p_value text) to anon, authenticated, service_role;

create or replace function public.products_set_slug()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_base text;
begin
  if tg_op = 'INSERT' or new.name is distinct from old.name or new.id is distinct from old.id
     or new.slug is distinct from old.slug then
    v_base := public.slugify(new.name);
    new.slug := case when v_base = '' then new.id::text else v_base || '-' || new.id::text end;
  end if;
  return new;
end;
$$;

comment on function public.products_set_slug() is
  'Trigger: sets products.slug to slugify(name) || ''-'' || id on insert and whenever name (or slug) changes.';
revoke execute on function public.products_set_slug() from public, anon, authenticated;

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
revoke execute on function public.products_set_search_text() from public, anon, authenticated;

-- The vocabulary's words of a product: the words of its name and tags (Postgres's simple parser, lower
-- case), 3 to 40 characters, a letter then letters or digits. One definition for both branches of
-- products_collect_search_terms. It has no SET clause, so the planner inlines it into the trigger's
-- statement (a SQL function with one is never inlined, and every product written would pay a call);
-- every name in its body is qualified instead, operators too, so nothing in it depends on the caller's
-- search_path. Stable, not immutable: array_to_string is.
create or replace function public.product_search_words(p_name text, p_tags text[])
returns setof text
language sql
stable
parallel safe
as $$
  select w.word
  from pg_catalog.unnest(pg_catalog.tsvector_to_array(pg_catalog.to_tsvector(
    'pg_catalog.simple'::pg_catalog.regconfig,
    pg_catalog.textcat(
      pg_catalog.textcat(coalesce(p_name, ''), ' '),
      coalesce(pg_catalog.array_to_string(p_tags, ' '), '')
    )
  ))) as w(word)
  where pg_catalog.char_length(w.word) operator(pg_catalog.>=) 3
    and pg_catalog.char_length(w.word) operator(pg_catalog.<=) 40
    and w.word operator(pg_catalog.~) '^[[:alpha:]][[:alnum:]]*$';
$$;

comment on function public.product_search_words(text, text[]) is
  'Internal: the search vocabulary''s words of a product''s name and tags (simple parser, 3 to 40 '
  'characters, a letter then letters or digits), as products_collect_search_terms adds them to '
  'search_terms. Inlined by the planner (no SET clause, qualified names).';
revoke execute on function public.product_search_words(p_name text, p_tags text[]) from public, anon, authenticated;

-- One statement adds the new words of all the rows it wrote (a transition table), so a bulk import
-- writes the vocabulary once, not once per row. An update adds the words of only the rows whose name or
-- tags it changed (none for a bulk edit of prices, stock or categories): only an update has the old rows,
-- so that condition is a branch of its own, and both take the words from product_search_words.
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
    cross join lateral public.product_search_words(p.name, p.tags) as w(word)
    on conflict (term) do nothing;
  else
    insert into public.search_terms (term)
    select distinct w.word
    from written_products p
    cross join lateral public.product_search_words(p.name, p.tags) as w(word)
    where not exists (
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
  '(product_search_words; on update, of the rows whose name or tags changed).';
revoke execute on function public.products_collect_search_terms() from public, anon, authenticated;

-- One statement's products in and out of product_facet_counts: each written row's old key counts -1 and
-- its new key +1, summed per key, so an update that changes no key (stock counts, prices, names) writes
-- nothing; the rest is written in key order (row locks always taken in the same order).
create or replace function public.products_facet_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.product_facet_counts;
  elsif tg_op = 'INSERT' then
    insert into public.product_facet_counts as t (category_id, in_stock, rating_band, product_count)
    select w.category_id, w.in_stock, floor(w.rating)::smallint, count(*)
    from new_products w
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (category_id, in_stock, rating_band) do update
      set product_count = t.product_count + excluded.product_count;
  elsif tg_op = 'DELETE' then
    insert into public.product_facet_counts as t (category_id, in_stock, rating_band, product_count)
    select o.category_id, o.in_stock, floor(o.rating)::smallint, -count(*)
    from old_products o
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (category_id, in_stock, rating_band) do update
      set product_count = t.product_count + excluded.product_count;
  else
    insert into public.product_facet_counts as t (category_id, in_stock, rating_band, product_count)
    select d.category_id, d.in_stock, d.rating_band, sum(d.n)
    from (
      select o.category_id, o.in_stock, floor(o.rating)::smallint as rating_band, -1 as n from old_products o
      union all
      select w.category_id, w.in_stock, floor(w.rating)::smallint, 1 from new_products w
    ) d
    group by 1, 2, 3
    having sum(d.n) <> 0
    order by 1, 2, 3
    on conflict (category_id, in_stock, rating_band) do update
      set product_count = t.product_count + excluded.product_count;
  end if;
  return null;
end;
$$;

comment on function public.products_facet_counts() is
  'Trigger (per statement): keeps product_facet_counts in step with inserted, updated, deleted and truncated products.';
revoke execute on function public.products_facet_counts() from public, anon, authenticated;

-- Whether any product holds the word (a lexeme, or a prefix written `word:*`). A word in many products is
-- in the first 500 rows read (a few milliseconds at most); any other is looked up in the search_vector
-- index, whose bitmap is then small (a word in every description would cost tens of milliseconds there,
-- and a plain scan for a misspelt word that is nowhere would read the whole catalogue).
create or replace function public.search_finds(p_lexeme text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = on
as $$
declare
  v_query tsquery := to_tsquery('pg_catalog.simple', quote_literal(split_part(p_lexeme, ':', 1))
    || case when p_lexeme like '%:*' then ':*' else '' end);
begin
  if exists (
    select 1 from (select p.search_vector from public.products p limit 500) x
    where x.search_vector @@ v_query
  ) then
    return true;
  end if;
  -- Only the index from here (the function's own setting is restored when it returns).
  perform set_config('enable_seqscan', 'off', true);
  return exists (select 1 from public.products p where p.search_vector @@ v_query);
end;
$$;

comment on function public.search_finds(text) is
  'Whether a product''s search_vector holds the word (or, written word:*, a word it starts). Used by the search.';
revoke execute on function public.search_finds(p_lexeme text) from public, anon, authenticated;
grant execute on function public.search_finds(p_lexeme text) to service_role;

-- The search's query: each word of the text (lowercase, split at anything but letters and digits, at
-- most 8, each cut to 40 characters) matches as a word prefix; a word of 4 letters or more that is a
-- prefix of nothing in the catalogue also matches its nearest words (trigram similarity at least 0.45,
-- the 3 closest), so "sattelite" finds "satellite". All words must match (AND). Null when the text has
-- no word.
create or replace function public.search_tsquery(p_query text)
returns tsquery
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_word text;
  v_alternatives text[];
  v_parts text[] := '{}';
begin
  for v_word in
    select left(w.word, 40)
    from regexp_split_to_table(lower(coalesce(p_query, '')), '[^[:alnum:]]+') with ordinality as w(word, n)
    where w.word <> ''
    order by w.n
    limit 8
  loop
    v_alternatives := array[quote_literal(v_word) || ':*'];
    if char_length(v_word) >= 4 and v_word ~ '[[:alpha:]]' and not public.search_finds(v_word || ':*') then
      v_alternatives := v_alternatives || array(
        select quote_literal(t.term)
        from public.search_terms t
        where extensions.similarity(t.term, v_word) >= 0.45
        order by extensions.similarity(t.term, v_word) desc, t.term
        limit 3
      );
    end if;
    v_parts := v_parts || ('(' || array_to_string(v_alternatives, ' | ') || ')');
  end loop;
  if cardinality(v_parts) = 0 then
    return null;
  end if;
  return to_tsquery('pg_catalog.simple', array_to_string(v_parts, ' & '));
end;
$$;

comment on function public.search_tsquery(text) is
  'The tsquery of a search text: every word as a prefix, a word that is a prefix of nothing also as its '
  'nearest catalogue words (typos); null without words. Used by search_products.';
revoke execute on function public.search_tsquery(p_query text) from public, anon, authenticated;
grant execute on function public.search_tsquery(p_query text) to service_role;

-- The search box: products ranked by relevance, best rated first among equals. Relevance is the text
-- rank with a word in the name worth 1, in a tag 0.4 and in the description 0.2 (ts_rank's weights A, B
-- and C of products.search_vector), plus 1 when the name holds the whole query as a phrase; a product
-- of a category whose name holds the query comes after every text match.
-- Only candidates are ranked, so a common word costs little more than a rare one: up to
-- 200 products whose name holds every word, and, when they are fewer than asked for, the 200 best rated
-- other matches. Under 200 matches that is every match and the ranking is exact; a word in 10,000 names ranks
-- 200 of them. Every path is an index (products_name_vector_idx, the search_vector index, the trigram
-- index of category names, (category_id, rating desc, name, id)), and `enable_seqscan = off` keeps the
-- planner from reading the whole catalogue.
-- Queries shorter than 3 characters return nothing.
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
  subcategory_name text,
  waitlist_held_units integer
)
language plpgsql
stable
security definer
set search_path = ''
set enable_seqscan = off
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_limit integer := least(greatest(coalesce(p_limit, 6), 0), 50);
  v_tsquery tsquery;
  v_phrase text;
  v_pattern text;
  v_named uuid[];
  v_others uuid[] := '{}';
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  if char_length(v_query) < 3 or v_limit = 0 then
    return;
  end if;
  v_tsquery := public.search_tsquery(v_query);
  if v_tsquery is null then
    return;
  end if;
  -- The query's words joined by single spaces, to compare with the name's words the same way.
  v_phrase := btrim(regexp_replace(lower(v_query), '[^[:alnum:]]+', ' ', 'g'));
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- The candidates: names holding every word (they rank first), then other matches if those are too few.
  select array(
    select p.id from public.products p
    where to_tsvector('pg_catalog.simple', p.name) @@ v_tsquery
    limit 200
  ) into v_named;
  if cardinality(v_named) < v_limit then
    -- The best rated other matches, planned for this query (EXECUTE): a word in most products is read
    -- along products_rating_name_idx until 200 are found, a rarer one from the search_vector index.
    execute $sql$
      select array(
        select p.id from public.products p
        where p.search_vector @@ $1 and p.id <> all ($2)
        order by p.rating desc, p.name, p.id
        limit 200
      )
    $sql$ into v_others using v_tsquery, v_named;
  end if;
  return query
  with text_hits as (
    select p.id,
      ts_rank('{0, 0.2, 0.4, 1}', p.search_vector, v_tsquery)
        + case when ' ' || regexp_replace(lower(p.name), '[^[:alnum:]]+', ' ', 'g') || ' '
                 like '% ' || v_phrase || ' %' then 1 else 0 end as relevance
    from public.products p
    where p.id = any (v_named || v_others)
  ),
  category_hits as (
    select x.id, -1::real as relevance
    from public.categories c
    cross join lateral (
      select p.id from public.products p
      where p.category_id = c.id
      order by p.rating desc, p.name, p.id
      limit v_limit
    ) x
    where lower(c.name) like v_pattern
  ),
  hits as (
    select h.id, max(h.relevance) as relevance
    from (select * from text_hits union all select * from category_hits) h
    group by h.id
  )
  select p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id,
    p.subcategory_id, p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count,
    p.features, p.specifications, p.tags, p.created_at, p.updated_at, c.name, s.name,
    public.waitlist_held_units(p)
  from hits h
  join public.products p on p.id = h.id
  join public.categories c on c.id = p.category_id
  left join public.subcategories s on s.id = p.subcategory_id
  order by h.relevance desc, p.rating desc, p.name, p.id
  limit v_limit;
end;
$$;

comment on function public.search_products(text, integer) is
  'Products matching every word of the query as a word prefix in name, tags or description (misspelt '
  'words also as their nearest catalogue words), or in a category whose name holds the query; ranked by '
  'relevance (name over tags over description, the whole query in the name first), then rating and '
  'name; at most p_limit (default 6, capped at 50), each with category_name, subcategory_name and '
  'waitlist_held_units (units held for other people''s waitlist holds, as the computed field counts them). A '
  'query under 3 characters returns nothing.';
revoke execute on function public.search_products(p_query text, p_limit integer) from public;
grant execute on function public.search_products(p_query text, p_limit integer) to anon, authenticated, service_role;

-- What to offer when a search finds nothing: up to 3 queries, closest first, in which each word that starts no word of
-- the catalogue is replaced by one of its nearest catalogue words (trigram similarity at least 0.3) that
-- finds products; empty when some word has none, or when every word already finds something.
create or replace function public.search_suggestions(p_query text)
returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  with words as (
    select w.n, left(w.word, 40) as word
    from regexp_split_to_table(lower(coalesce(p_query, '')), '[^[:alnum:]]+') with ordinality as w(word, n)
    where w.word <> ''
    order by w.n
    limit 8
  ),
  options as (
    select w.n, w.word,
      case
        when char_length(w.word) < 3 or public.search_finds(w.word || ':*') then array[w.word]
        else array(
          select c.term
          from (
            select t.term, extensions.similarity(t.term, w.word) as closeness
            from public.search_terms t
            where extensions.similarity(t.term, w.word) >= 0.3
            order by closeness desc, t.term
            limit 10
          ) c
          where public.search_finds(c.term)
          order by c.closeness desc, c.term
          limit 3
        )
      end as near
    from words w
  ),
  suggestions as (
    select i, string_agg(o.near[least(i, cardinality(o.near))], ' ' order by o.n) as suggestion
    from generate_series(1, 3) as i
    cross join options o
    group by i
  )
  select s.suggestion
  from (
    select distinct on (x.suggestion) x.i, x.suggestion
    from suggestions x
    order by x.suggestion, x.i
  ) s
  where not exists (select 1 from options o where cardinality(o.near) = 0)
    and exists (select 1 from options o where o.near <> array[o.word])
  order by s.i;
$$;

comment on function public.search_suggestions(text) is
  'For a search that finds nothing: up to 3 queries with each word that finds nothing replaced by a '
  'nearest catalogue word that finds products (empty when no word can be corrected).';
revoke execute on function public.search_suggestions(p_query text) from public;
grant execute on function public.search_suggestions(p_query text) to anon, authenticated, service_role;

-- Filters and facets of the storefront's lists (/products, category and subcategory pages) -------------
-- A product's availability as the storefront names it: 'in_stock' (can be bought, low stock included),
-- 'low_stock' (can be bought, fewer left than the store's low-stock threshold, 10 as seeded: the product
-- card's 'Low Stock') or 'out_of_stock'.
-- The SQL condition of one availability filter (null or an unknown value: none); used by
-- search_products_page and product_facets. The threshold is read once and written into the condition as a
-- number, so the plan is the one a literal gives.
-- Emergency mode: units held for other people's waitlist holds are not for the caller (as the checkout
-- counts them), so the few products they take from (waitlist_held_products) are written into the
-- condition by id: one whose every unit is held is out of stock, one whose units left are under the
-- threshold is low stock. With no open hold (no emergency) the condition is the plain one.
create or replace function public.stock_condition(p_stock text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_low integer := coalesce((select s.low_stock_threshold from public.store_settings s), 10);
  v_gone uuid[] := '{}';
  v_short uuid[] := '{}';
  v_condition text;
begin
  if p_stock is null or p_stock not in ('in_stock', 'low_stock', 'out_of_stock') then
    return 'true';
  end if;
  if exists (select 1 from public.waitlist_holds h where h.ended_at is null) then
    select coalesce(array_agg(w.product_id order by w.product_id) filter (where w.available <= 0), '{}'),
      coalesce(array_agg(w.product_id order by w.product_id) filter (where w.available > 0 and w.available < v_low), '{}')
    into v_gone, v_short
    from public.waitlist_held_products() w;
  end if;
  v_condition := case p_stock
    when 'in_stock' then 'p.in_stock'
    when 'low_stock' then format('p.in_stock and p.stock_count < %s', v_low)
    else 'not p.in_stock'
  end;
  if cardinality(v_gone) = 0 and cardinality(v_short) = 0 then
    return v_condition;
  end if;
  return case p_stock
    when 'in_stock' then format('(%s and p.id <> all (%L::uuid[]))', v_condition, v_gone)
    when 'low_stock' then format('((%s and p.id <> all (%L::uuid[])) or p.id = any (%L::uuid[]))',
      v_condition, v_gone, v_short)
    else format('(%s or p.id = any (%L::uuid[]))', v_condition, v_gone)
  end;
end;
$$;

comment on function public.stock_condition(text) is
  'The condition (on products p) of an availability filter: in_stock, low_stock (in stock, under the '
  'store''s low_stock_threshold), out_of_stock; anything else is no filter. Units held for other people''s '
  'waitlist holds (waitlist_held_products) are not in stock for the caller. Used by search_products_page '
  'and product_facets.';
revoke execute on function public.stock_condition(p_stock text) from public, anon, authenticated;
grant execute on function public.stock_condition(p_stock text) to service_role;

-- /products?q=: one page of the ranked search with the page's filters and sort. The default sort
-- ('featured') is relevance as search_products ranks it (name over tags over description, the whole
-- query in the name first, then rating and name) over the same candidates: up to 200 products whose
-- name holds every word and, when the page reaches past them, the 200 best rated other matches; the
-- pages after the candidates list the remaining matches best rated first. Under 200 matches that is
-- every match, ranked exactly. The other sorts are the list's: the first 1,000 products of the sort's
-- index within the filters give the page when they hold it, else every match is sorted. Only products
-- whose words match (no category-name matches), so the page's count and facets (product_facets) count
-- the same rows. Each row carries its category and subcategory ({name, slug}) as the list's select does.
create or replace function public.search_products_page(
  p_query text,
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_min_price numeric default null,
  p_max_price numeric default null,
  p_stock text default null,
  p_min_rating numeric default null,
  p_sort text default 'featured',
  p_offset integer default 0,
  p_limit integer default 12
)
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
  category json,
  subcategory json,
  waitlist_held_units integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tsquery tsquery;
  v_phrase text;
  v_limit integer := least(greatest(coalesce(p_limit, 12), 0), 100);
  v_offset integer := least(greatest(coalesce(p_offset, 0), 0), 100000);
  v_sort text := coalesce(p_sort, 'featured');
  v_order text;
  v_filters text;
  v_named uuid[];
  v_others uuid[] := '{}';
  v_head uuid[];
  v_columns constant text := $cols$
    p.id, p.name, p.slug, p.price, p.original_price, p.description, p.category_id,
    p.subcategory_id, p.image_url, p.images, p.in_stock, p.stock_count, p.rating, p.review_count,
    p.features, p.specifications, p.tags, p.created_at, p.updated_at,
    json_build_object('name', c.name, 'slug', c.slug),
    case when s.id is null then null else json_build_object('name', s.name, 'slug', s.slug) end,
    public.waitlist_held_units(p)
  $cols$;
begin
  -- Everyone may search: products are public (RLS policy `using (true)`), so no permission check.
  v_tsquery := public.search_tsquery(p_query);
  if v_tsquery is null or v_limit = 0 then
    return;
  end if;
  -- The page's filters on products p ($2 to $6), planned with their values (EXECUTE ... USING).
  v_filters := format(
    '($2::uuid is null or p.category_id = $2) and ($3::uuid is null or p.subcategory_id = $3)
     and ($4::numeric is null or p.price >= $4) and ($5::numeric is null or p.price <= $5)
     and ($6::numeric is null or p.rating >= $6) and (%s)',
    public.stock_condition(p_stock));
  if v_sort <> 'featured' then
    v_order := case v_sort
      when 'newest' then 'p.created_at desc, p.id'
      when 'price-low' then 'p.price, p.id'
      when 'price-high' then 'p.price desc, p.id'
      when 'rating' then 'p.rating desc, p.id'
      when 'name' then 'p.name, p.id'
      else 'p.id'
    end;
    -- First the head of the sort order (its first 1,000 products within the filters): when it holds the
    -- page's rows, they are the page exactly, found without reading every match (a common word);
    -- otherwise every match is sorted (a rarer word, whose matches are fewer).
    execute format(
      $sql$
      select array(
        select p.id
        from (
          select p.id, p.search_vector, p.created_at, p.price, p.rating, p.name
          from public.products p
          where %s
          order by %s
          limit 1000
        ) p
        where p.search_vector @@ $1
        order by %s
        limit $7
      )
      $sql$, v_filters, v_order, v_order)
    into v_head
    using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating,
      v_offset + v_limit;
    if cardinality(v_head) = v_offset + v_limit then
      return query execute format(
        $sql$
        select %s
        from unnest($1::uuid[]) with ordinality as k(id, n)
        join public.products p on p.id = k.id
        join public.categories c on c.id = p.category_id
        left join public.subcategories s on s.id = p.subcategory_id
        where k.n > $2
        order by k.n
        $sql$, v_columns)
      using v_head, v_offset;
      return;
    end if;
    return query execute format(
      $sql$
      select %s
      from public.products p
      join public.categories c on c.id = p.category_id
      left join public.subcategories s on s.id = p.subcategory_id
      where p.search_vector @@ $1 and %s
      order by %s
      offset $7 limit $8
      $sql$, v_columns, v_filters, v_order)
    using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating,
      v_offset, v_limit;
    return;
  end if;

  -- The candidates, as in search_products, within the filters.
  execute format(
    $sql$
    select array(
      select p.id from public.products p
      where to_tsvector('pg_catalog.simple', p.name) @@ $1 and %s
      limit 200
    )
    $sql$, v_filters)
  into v_named
  using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating;
  if cardinality(v_named) < v_offset + v_limit then
    execute format(
      $sql$
      select array(
        select p.id from public.products p
        where p.search_vector @@ $1 and %s and p.id <> all ($7)
        order by p.rating desc, p.name, p.id
        limit 200
      )
      $sql$, v_filters)
    into v_others
    using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating, v_named;
  end if;
  v_phrase := btrim(regexp_replace(lower(p_query), '[^[:alnum:]]+', ' ', 'g'));
  return query execute format(
    $sql$
    with ranked as (
      select p.id, 0 as band,
        ts_rank('{0, 0.2, 0.4, 1}', p.search_vector, $1)
          + case when ' ' || regexp_replace(lower(p.name), '[^[:alnum:]]+', ' ', 'g') || ' '
                   like '%% ' || $7 || ' %%' then 1 else 0 end as relevance,
        p.rating, p.name
      from public.products p
      where p.id = any ($8)
    ),
    rest as (
      -- Only read for a page past the candidates ($11).
      select p.id, 1 as band, null::real as relevance, p.rating, p.name
      from public.products p
      where $11 and p.search_vector @@ $1 and %s and p.id <> all ($8)
    ),
    page as (
      select h.* from (select * from ranked union all select * from rest) h
      order by h.band, h.relevance desc nulls last, h.rating desc, h.name, h.id
      offset $9 limit $10
    )
    select %s
    from page h
    join public.products p on p.id = h.id
    join public.categories c on c.id = p.category_id
    left join public.subcategories s on s.id = p.subcategory_id
    order by h.band, h.relevance desc nulls last, h.rating desc, h.name, h.id
    $sql$, v_filters, v_columns)
  using v_tsquery, p_category_id, p_subcategory_id, p_min_price, p_max_price, p_min_rating, v_phrase,
    v_named || v_others, v_offset, v_limit, v_offset + v_limit > cardinality(v_named || v_others);
end;
$$;

comment on function public.search_products_page(text, uuid, uuid, numeric, numeric, text, numeric, text, integer, integer) is
  'One page (p_offset, p_limit up to 100) of the products matching every word of p_query as search_products '
  'matches them (word prefixes, misspelt words as their nearest catalogue words), within a category, '
  'subcategory, price range, availability (in_stock, low_stock, out_of_stock) and lowest rating; sorted '
  'by relevance (featured) or newest, price-low, price-high, rating, name; each row with category and '
  'subcategory {name, slug} and waitlist_held_units. Availability as stock_condition (units held for '
  'other people''s waitlist holds are not in stock). No words: no rows.';
revoke execute on function public.search_products_page(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_sort text, p_offset integer, p_limit integer) from public;
grant execute on function public.search_products_page(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_sort text, p_offset integer, p_limit integer) to anon, authenticated, service_role;

-- The counts beside a list's filter options (facets), for the list's search and filters: `total` (what
-- the list shows), `stock` (in_stock, low_stock, out_of_stock), `rating` (at least 4, 3, 2, 1) and
-- `groups` ({id, count} per category with p_group 'category', per subcategory with 'subcategory').
-- Each option counts with every other filter in force and its own left out, so it says how many products
-- choosing it would show. The unfiltered list reads product_facet_counts; any other is one pass over
-- the matching rows (the search_vector index for a search, else the covering index products_facets_idx,
-- read index-only), grouped by the facet's key. During an emergency with open waitlist holds the
-- availability counts take the products held for others by id (stock_condition; the unfiltered list's
-- rollup less those whose every unit is held): a few ids, and only then is the index not read alone.
create or replace function public.product_facets(
  p_query text default null,
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_min_price numeric default null,
  p_max_price numeric default null,
  p_stock text default null,
  p_min_rating numeric default null,
  p_group text default null
)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_tsquery tsquery;
  v_where text[] := array['true'];
  v_stock text := public.stock_condition(p_stock);
  v_rating text := 'true';
  v_own text := 'true';
  v_key text := 'null::uuid';
  v_low bigint;
  v_gone bigint := 0;
  v_result json;
begin
  -- Everyone may read it: products are public (RLS policy `using (true)`), so no permission check.
  if p_group is not null and p_group not in ('category', 'subcategory') then
    raise exception 'p_group must be category, subcategory or null' using errcode = '22023';
  end if;
  -- The unfiltered list (/products with no search and no filter): the rollup's few rows, and low stock
  -- (whose threshold is a setting) from products_in_stock_stock_count_idx.
  if btrim(coalesce(p_query, '')) = '' and p_category_id is null and p_subcategory_id is null
     and p_min_price is null and p_max_price is null and p_stock is null and p_min_rating is null
     and p_group is distinct from 'subcategory' then
    execute format('select count(*) from public.products p where %s', public.stock_condition('low_stock'))
      into v_low;
    -- Emergency mode: products whose every unit is held for others are out of stock for the caller.
    if exists (select 1 from public.waitlist_holds h where h.ended_at is null) then
      select count(*) into v_gone from public.waitlist_held_products() w where w.available <= 0;
    end if;
    select json_build_object(
      'total', coalesce(sum(f.product_count), 0),
      'stock', json_build_object(
        'in_stock', coalesce(sum(f.product_count) filter (where f.in_stock), 0) - v_gone,
        'low_stock', v_low,
        'out_of_stock', coalesce(sum(f.product_count) filter (where not f.in_stock), 0) + v_gone
      ),
      'rating', json_build_object(
        '4', coalesce(sum(f.product_count) filter (where f.rating_band >= 4), 0),
        '3', coalesce(sum(f.product_count) filter (where f.rating_band >= 3), 0),
        '2', coalesce(sum(f.product_count) filter (where f.rating_band >= 2), 0),
        '1', coalesce(sum(f.product_count) filter (where f.rating_band >= 1), 0)
      ),
      'groups', case when p_group = 'category' then coalesce((
        select json_agg(json_build_object('id', g.category_id, 'count', g.n) order by g.category_id)
        from (
          select r.category_id, sum(r.product_count) as n
          from public.product_facet_counts r
          group by r.category_id
          having sum(r.product_count) > 0
        ) g
      ), '[]'::json) else '[]'::json end
    )
    into v_result
    from public.product_facet_counts f;
    return v_result;
  end if;
  if btrim(coalesce(p_query, '')) <> '' then
    v_tsquery := public.search_tsquery(p_query);
    if v_tsquery is not null then
      v_where := v_where || format('p.search_vector @@ %L::tsquery', v_tsquery::text);
    end if;
  end if;
  if p_min_price is not null then
    v_where := v_where || format('p.price >= %L::numeric', p_min_price);
  end if;
  if p_max_price is not null then
    v_where := v_where || format('p.price <= %L::numeric', p_max_price);
  end if;
  if p_min_rating is not null then
    v_rating := format('p.rating >= %L::numeric', p_min_rating);
  end if;
  -- The grouped facet's own filter is counted apart; the other scope filters narrow the rows read.
  if p_group = 'category' then
    v_key := 'p.category_id';
    if p_category_id is not null then
      v_own := format('p.category_id = %L::uuid', p_category_id);
    end if;
  elsif p_category_id is not null then
    v_where := v_where || format('p.category_id = %L::uuid', p_category_id);
  end if;
  if p_group = 'subcategory' then
    v_key := 'p.subcategory_id';
    if p_subcategory_id is not null then
      v_own := format('p.subcategory_id = %L::uuid', p_subcategory_id);
    end if;
  elsif p_subcategory_id is not null then
    v_where := v_where || format('p.subcategory_id = %L::uuid', p_subcategory_id);
  end if;
  execute format(
    $sql$
    with counted as (
      select %1$s as key,
        count(*) filter (where (%2$s) and (%3$s) and (%4$s)) as total,
        count(*) filter (where (%3$s) and (%4$s) and (%7$s)) as in_stock,
        count(*) filter (where (%3$s) and (%4$s) and (%6$s)) as low_stock,
        count(*) filter (where (%3$s) and (%4$s) and (%8$s)) as out_of_stock,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 4) as rating_4,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 3) as rating_3,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 2) as rating_2,
        count(*) filter (where (%2$s) and (%4$s) and p.rating >= 1) as rating_1,
        count(*) filter (where (%2$s) and (%3$s)) as in_group
      from public.products p
      where %5$s
      group by 1
    )
    select json_build_object(
      'total', coalesce(sum(c.total), 0),
      'stock', json_build_object(
        'in_stock', coalesce(sum(c.in_stock), 0),
        'low_stock', coalesce(sum(c.low_stock), 0),
        'out_of_stock', coalesce(sum(c.out_of_stock), 0)
      ),
      'rating', json_build_object(
        '4', coalesce(sum(c.rating_4), 0),
        '3', coalesce(sum(c.rating_3), 0),
        '2', coalesce(sum(c.rating_2), 0),
        '1', coalesce(sum(c.rating_1), 0)
      ),
      'groups', coalesce(
        json_agg(json_build_object('id', c.key, 'count', c.in_group) order by c.key)
          filter (where c.key is not null and c.in_group > 0),
        '[]'::json
      )
    )
    from counted c
    $sql$,
    v_key, v_stock, v_rating, v_own, array_to_string(v_where, ' and '), public.stock_condition('low_stock'),
    public.stock_condition('in_stock'), public.stock_condition('out_of_stock')
  ) into v_result;
  return v_result;
end;
$$;

comment on function public.product_facets(text, uuid, uuid, numeric, numeric, text, numeric, text) is
  'Counts for a list''s filter options under its search and filters: total, stock {in_stock, low_stock, '
  'out_of_stock}, rating {4, 3, 2, 1: at least that many stars} and groups [{id, count}] per category '
  '(p_group category) or subcategory (p_group subcategory); each option counted with its own filter left '
  'out. Availability and rating as in search_products_page (units held for other people''s waitlist '
  'holds are not in stock).';
revoke execute on function public.product_facets(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_group text) from public;
grant execute on function public.product_facets(p_query text, p_category_id uuid, p_subcategory_id uuid, p_min_price numeric, p_max_price numeric, p_stock text, p_min_rating numeric, p_group text) to anon, authenticated, service_role;

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
revoke execute on function public.admin_save_category(p_id uuid, p_name text, p_slug text, p_description text, p_image_url text, p_subcategories jsonb) from public, anon;
grant execute on function public.admin_save_category(p_id uuid, p_name text, p_slug text, p_description text, p_image_url text, p_subcategories jsonb) to authenticated, service_role;

-- Creating a category under an id the back office chose, so the images uploaded while the new
-- category's form is open (Storage path categories/<id>/...) belong to the category from the start
-- and are removed with it.
-- Why: admin_save_category lets the database pick a new category's id, which the form only learns after
-- saving; a product can simply be inserted with its id, a category is saved with its subcategories in
-- one transaction. admin_create_category inserts the row with the given id and then runs
-- admin_save_category on it, all in the one transaction of the call: a failure leaves nothing behind.
-- `security invoker`: the categories insert policy and admin_save_category's permission check decide.
create or replace function public.admin_create_category(
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
  v_name text := btrim(coalesce(p_name, ''));
begin
  if not public.has_admin_permission('categories') then
    raise exception 'Permission denied: saving categories needs the categories permission'
      using errcode = '42501';
  end if;
  if p_id is null then
    raise exception 'p_id is required' using errcode = '22023';
  end if;
  if v_name = '' then
    raise exception 'Category name is required' using errcode = '22023';
  end if;
  insert into public.categories (id, name, slug, description)
  values (p_id, v_name, coalesce(nullif(btrim(p_slug), ''), public.slugify(v_name)), '');
  return public.admin_save_category(p_id, p_name, p_slug, p_description, p_image_url, p_subcategories);
end;
$$;

comment on function public.admin_create_category(uuid, text, text, text, text, jsonb) is
  'Creates a category with the given id and its subcategories in one transaction (as admin_save_category '
  'does for an existing one), so Storage images uploaded under categories/<id>/ before the first save '
  'belong to it. Needs the categories permission.';
revoke execute on function public.admin_create_category(p_id uuid, p_name text, p_slug text, p_description text, p_image_url text, p_subcategories jsonb) from public, anon;
grant execute on function public.admin_create_category(p_id uuid, p_name text, p_slug text, p_description text, p_image_url text, p_subcategories jsonb) to authenticated, service_role;

-- count_products: the number of products a /products filter set matches (words that must each occur
-- in search_text, a category, a lowest and a highest price, as mf-catalog's get-products-page.ts filters),
-- counted up to 10,001 and asked once per filter set. Up to 10,000 the answer is exact ("N products");
-- 10,001 means "10,000+ products". Security definer so the planner sees the column statistics RLS hides
-- from anon; products are public, so it reveals nothing a select does not. Words match with LIKE, not
-- ILIKE: search_text is always lowercase and each word is lowered, so the rows are the page's, and the
-- index recheck is cheaper without case folding (31 ms with ILIKE, 10-13 ms with LIKE for a common pair
-- of words at 100,000 products).
create or replace function public.count_products(
  p_terms text[] default '{}',
  p_category_id uuid default null,
  p_min_price numeric default null,
  p_max_price numeric default null
)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_where text[] := array['true'];
  v_term text;
  v_count integer;
begin
  if coalesce(cardinality(p_terms), 0) > 8 then
    raise exception 'At most 8 search words' using errcode = '22023';
  end if;
  foreach v_term in array coalesce(p_terms, '{}') loop
    -- search_text is lowercase (products_set_search_text) and so is the pattern: LIKE finds what the
    -- page's ILIKE finds. LIKE's own characters in a word are matched literally.
    v_where := v_where || format(
      'p.search_text like %L',
      '%' || replace(replace(replace(lower(v_term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
    );
  end loop;
  if p_category_id is not null then
    v_where := v_where || format('p.category_id = %L::uuid', p_category_id);
  end if;
  if p_min_price is not null then
    v_where := v_where || format('p.price >= %L::numeric', p_min_price);
  end if;
  if p_max_price is not null then
    v_where := v_where || format('p.price <= %L::numeric', p_max_price);
  end if;
  execute format(
    'select count(*)::integer from (select 1 from public.products p where %s limit 10001) m',
    array_to_string(v_where, ' and ')
  ) into v_count;
  return v_count;
end;
$$;
revoke execute on function public.count_products(p_terms text[], p_category_id uuid, p_min_price numeric, p_max_price numeric) from public;
grant execute on function public.count_products(p_terms text[], p_category_id uuid, p_min_price numeric, p_max_price numeric) to anon, authenticated, service_role;

-- Triggers ----------------------------------------------------------------------------------------
create trigger products_set_slug
  before insert or update on public.products
  for each row execute function public.products_set_slug();

create trigger products_set_search_text
  before insert or update on public.products
  for each row execute function public.products_set_search_text();

create trigger products_collect_search_terms_insert
  after insert on public.products
  referencing new table as written_products
  for each statement execute function public.products_collect_search_terms();

create trigger products_collect_search_terms_update
  after update on public.products
  referencing old table as old_products new table as written_products
  for each statement execute function public.products_collect_search_terms();

create trigger products_facet_counts_insert
  after insert on public.products
  referencing new table as new_products
  for each statement execute function public.products_facet_counts();

create trigger products_facet_counts_update
  after update on public.products
  referencing old table as old_products new table as new_products
  for each statement execute function public.products_facet_counts();

create trigger products_facet_counts_delete
  after delete on public.products
  referencing old table as old_products
  for each statement execute function public.products_facet_counts();

create trigger products_facet_counts_truncate
  after truncate on public.products
  for each statement execute function public.products_facet_counts();

-- Row-level security ------------------------------------------------------------------------------
-- categories --------------------------------------------------------------------------------------
create policy categories_select on public.categories
  for select to anon, authenticated
  using (true);

create policy categories_insert on public.categories
  for insert to authenticated
  with check ((select public.has_admin_permission('categories')));

create policy categories_update on public.categories
  for update to authenticated
  using ((select public.has_admin_permission('categories')))
  with check ((select public.has_admin_permission('categories')));

create policy categories_delete on public.categories
  for delete to authenticated
  using ((select public.has_admin_permission('categories')));

-- subcategories -----------------------------------------------------------------------------------
create policy subcategories_select on public.subcategories
  for select to anon, authenticated
  using (true);

create policy subcategories_insert on public.subcategories
  for insert to authenticated
  with check ((select public.has_admin_permission('categories')));

create policy subcategories_update on public.subcategories
  for update to authenticated
  using ((select public.has_admin_permission('categories')))
  with check ((select public.has_admin_permission('categories')));

create policy subcategories_delete on public.subcategories
  for delete to authenticated
  using ((select public.has_admin_permission('categories')));

-- products ----------------------------------------------------------------------------------------
create policy products_select on public.products
  for select to anon, authenticated
  using (true);

create policy products_insert on public.products
  for insert to authenticated
  with check ((select public.has_admin_permission('products')));

create policy products_update on public.products
  for update to authenticated
  using ((select public.has_admin_permission('products')))
  with check ((select public.has_admin_permission('products')));

create policy products_delete on public.products
  for delete to authenticated
  using ((select public.has_admin_permission('products')));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.categories, public.subcategories, public.products from anon, authenticated;
grant select on public.categories, public.subcategories, public.products to anon;
grant select, insert, update, delete on public.categories, public.subcategories, public.products to authenticated;
grant all on public.categories, public.subcategories, public.products to service_role;

-- Inserting a product without a SKU takes the sequence's next number.
revoke all on sequence public.products_sku_seq from anon, authenticated;
grant usage on sequence public.products_sku_seq to authenticated, service_role;

revoke all on public.search_terms from anon, authenticated;
grant all on public.search_terms to service_role;

revoke all on public.product_facet_counts from public, anon, authenticated;
grant all on public.product_facet_counts to service_role;

revoke all on public.product_listing from public, anon, authenticated;
grant select on public.product_listing to anon, authenticated, service_role;
