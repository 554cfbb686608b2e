-- No administrator raises its own rights, directly or through another account.
-- Why: with only admin_management, an administrator could PATCH its own admin_users row (or call
-- admin_update_administrator on itself) to add every permission, then edit products; or create a
-- second account holding permissions it does not have. A second guard trigger on admin_users, next to
-- admin_users_guard (which runs first, by name, and keeps its messages), refuses for signed-in callers:
--   * changing one's own role or permissions (any change; deactivation and removal stay with the
--     first guard);
--   * granting a permission the caller does not hold itself (on insert: every permission of the new
--     row; on update: the permissions added), unless the caller is an active super_admin;
--   * granting admin_management at all, unless the caller is an active super_admin.
-- Being a trigger, it holds on every path: REST writes under RLS and the security-definer functions
-- (admin_create_administrator, admin_update_administrator), which keep the caller's auth.uid().
-- Service-role and maintenance writes (no signed-in user) are trusted, as in admin_users_guard.
-- Errors are 42501 (PostgREST: 403 for a signed-in user).

create or replace function public.admin_users_guard_grants()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_caller public.admin_users;
  v_added text[];
  v_missing text[];
begin
  if v_uid is null then
    return new;
  end if;

  if tg_op = 'UPDATE' and old.user_id = v_uid
     and (new.role is distinct from old.role or new.permissions is distinct from old.permissions) then
    raise exception 'You cannot change your own role or permissions'
      using errcode = '42501', hint = 'Another administrator who holds admin_management must do it.';
  end if;

  select au.* into v_caller
  from public.admin_users au
  where au.user_id = v_uid and au.active = 1;

  if v_caller.role = 'super_admin' then
    return new;
  end if;

  select coalesce(array_agg(distinct p), '{}') into v_added
  from unnest(new.permissions) as p
  where tg_op = 'INSERT' or not (p = any (coalesce(old.permissions, '{}')));

  if 'admin_management' = any (v_added) then
    raise exception 'Only a super administrator can grant the admin_management permission'
      using errcode = '42501';
  end if;

  select coalesce(array_agg(p order by p), '{}') into v_missing
  from unnest(v_added) as p
  where not (p = any (coalesce(v_caller.permissions, '{}')));

  if cardinality(v_missing) > 0 then
    raise exception 'You cannot grant a permission you do not hold: %', array_to_string(v_missing, ', ')
      using errcode = '42501';
  end if;

  return new;
end;
$$;

comment on function public.admin_users_guard_grants() is
  'Trigger on admin_users: for signed-in callers, refuses changing one''s own role or permissions, '
  'granting a permission the caller does not hold, and granting admin_management unless the caller is '
  'an active super_admin.';

revoke execute on function public.admin_users_guard_grants() from public, anon, authenticated;

create trigger admin_users_guard_grants
  before insert or update on public.admin_users
  for each row execute function public.admin_users_guard_grants();
