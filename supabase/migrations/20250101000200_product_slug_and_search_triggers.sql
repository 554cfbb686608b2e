-- Keeps products.slug, products.search_text and products.updated_at right whoever writes a product.
-- Why: the storefront links products by slug (slugify(name) || '-' || id, SPEC section 2) and the
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
  -- An update that sets updated_at itself (imports, the seed) keeps it; any other update stamps now().
  if tg_op = 'UPDATE' and new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

comment on function public.products_set_search_text() is
  'Trigger: maintains products.search_text (lowercase name, description and tags) and stamps updated_at '
  'on updates that do not set it themselves.';

create trigger products_set_slug
  before insert or update on public.products
  for each row execute function public.products_set_slug();

create trigger products_set_search_text
  before insert or update on public.products
  for each row execute function public.products_set_search_text();
