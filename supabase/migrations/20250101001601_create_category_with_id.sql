-- Creating a category under an id the back office chose, so the images uploaded while the new
-- category's form is open (Storage path categories/<id>/...) belong to the category from the start
-- and are removed with it (issue 16, image upload).
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

revoke execute on function public.admin_create_category(uuid, text, text, text, text, jsonb)
  from public, anon;
grant execute on function public.admin_create_category(uuid, text, text, text, text, jsonb)
  to authenticated, service_role;
