-- products_collect_search_terms: the word-extracting query its INSERT and UPDATE branches repeated is one
-- function, product_search_words (inlined by the planner); the words and when they are added are unchanged.

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
