-- The two questions every policy and administrator function asks: is the caller an active
-- administrator, and does the caller hold a given permission.
-- Why: they read admin_users, whose own policies call them; as `security definer` with an empty
-- search_path they read the caller's row without recursing into RLS, and only ever about the caller
-- (auth.uid()), so they reveal nothing about anybody else. A deactivated administrator (active 0)
-- gets false from both, which removes every administrator right at once.

create or replace function public.is_active_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.admin_users au
    where au.user_id = (select auth.uid())
      and au.active = 1
  );
$$;

comment on function public.is_active_admin() is
  'True when the signed-in caller has an active (active = 1) admin_users row, whatever the role.';

create or replace function public.has_admin_permission(p_permission text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.admin_users au
    where au.user_id = (select auth.uid())
      and au.active = 1
      and (au.role = 'super_admin' or p_permission = any (au.permissions))
  );
$$;

comment on function public.has_admin_permission(text) is
  'True for an active super_admin, or an active admin whose permissions include p_permission '
  '(products, categories, orders, customers, analytics, settings, admin_management).';

revoke execute on function public.is_active_admin() from public;
revoke execute on function public.has_admin_permission(text) from public;
grant execute on function public.is_active_admin() to anon, authenticated, service_role;
grant execute on function public.has_admin_permission(text) to anon, authenticated, service_role;
