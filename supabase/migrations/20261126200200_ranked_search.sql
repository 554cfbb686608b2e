-- Ranked, typo-tolerant product search: products.search_vector (name A, tags B, description C) with a
-- GIN index, the search_terms vocabulary for misspelt words, search_products ranked by relevance, and
-- search_suggestions for a search that finds nothing.
alter table public.products add column search_vector tsvector;

-- product_listing is `select * from products`, whose columns are fixed when it is made: recreate it.
create or replace view public.product_listing with (security_invoker = false) as
  select * from public.products;

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

create index products_search_vector_idx on public.products using gin (search_vector);

create or replace function public.products_set_search_text()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
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
  -- An update that sets updated_at itself (imports, the seed) keeps it; any other update stamps now().
  if tg_op = 'UPDATE' and new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

comment on function public.products_set_search_text() is
  'Trigger: maintains products.search_text (lowercase name, description and tags) and search_vector '
  '(their words weighted name A, tags B, description C), and stamps updated_at on updates that do not '
  'set it themselves.';
revoke execute on function public.products_set_search_text() from public, anon, authenticated;

-- One statement adds the new words of all the rows it wrote (a transition table), so a bulk import
-- writes the vocabulary once, not once per row.
create or replace function public.products_collect_search_terms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.search_terms (term)
  select distinct w.word
  from written_products p
  cross join lateral unnest(tsvector_to_array(to_tsvector(
    'pg_catalog.simple', coalesce(p.name, '') || ' ' || coalesce(array_to_string(p.tags, ' '), '')
  ))) as w(word)
  where char_length(w.word) between 3 and 40 and w.word ~ '^[[:alpha:]][[:alnum:]]*$'
  on conflict (term) do nothing;
  return null;
end;
$$;

comment on function public.products_collect_search_terms() is
  'Trigger (per statement): adds the words of the written products'' names and tags to search_terms.';
revoke execute on function public.products_collect_search_terms() from public, anon, authenticated;

create trigger products_collect_search_terms_insert
  after insert on public.products
  referencing new table as written_products
  for each statement execute function public.products_collect_search_terms();

create trigger products_collect_search_terms_update
  after update on public.products
  referencing new table as written_products
  for each statement execute function public.products_collect_search_terms();

-- Whether any product holds the word (a lexeme, or a prefix written `word:*`): one probe of the
-- search_vector index.
create or replace function public.search_finds(p_lexeme text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.products p
    where p.search_vector @@ to_tsquery('pg_catalog.simple', quote_literal(split_part(p_lexeme, ':', 1))
      || case when p_lexeme like '%:*' then ':*' else '' end)
  );
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
-- of a category whose name holds the query comes after every text match. Every path is an index (the
-- search_vector GIN index, the trigram index of category names, (category_id, rating desc, name, id)),
-- and `enable_seqscan = off` keeps the planner from reading the whole catalogue.
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
  subcategory_name text
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
  return query
  with text_hits as (
    select p.id,
      ts_rank('{0, 0.2, 0.4, 1}', p.search_vector, v_tsquery)
        + case when ' ' || regexp_replace(lower(p.name), '[^[:alnum:]]+', ' ', 'g') || ' '
                 like '% ' || v_phrase || ' %' then 1 else 0 end as relevance
    from public.products p
    where p.search_vector @@ v_tsquery
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
    p.features, p.specifications, p.tags, p.created_at, p.updated_at, c.name, s.name
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
  'name; at most p_limit (default 6, capped at 50), each with category_name and subcategory_name. A '
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

revoke all on public.search_terms from anon, authenticated;
grant all on public.search_terms to service_role;

-- Existing products: their vectors, without touching updated_at (the row trigger would stamp it), and
-- their words (the statement trigger fires on this update).
alter table public.products disable trigger products_set_search_text;
update public.products set search_vector =
  setweight(to_tsvector('pg_catalog.simple', coalesce(name, '')), 'A') ||
  setweight(to_tsvector('pg_catalog.simple', coalesce(array_to_string(tags, ' '), '')), 'B') ||
  setweight(to_tsvector('pg_catalog.simple', coalesce(description, '')), 'C');
alter table public.products enable trigger products_set_search_text;
