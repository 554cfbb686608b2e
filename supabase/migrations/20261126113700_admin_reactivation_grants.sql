-- Reactivating an administrator is granting: the caller must hold every permission the row holds.
-- Why: admin_users_guard_grants judged only the permissions an update adds, so an administrator with
-- admin_management (but not, say, products) could set active = 1 on a deactivated administrator who
-- holds products, giving those rights back and undoing a super administrator's decision. Now an update
-- that turns active from anything else to 1 counts every permission of the new row as granted, so the
-- rules of 20250101001000 apply in full: a permission the caller lacks, or admin_management from a
-- caller who is not an active super_admin, is refused (42501). Deactivating, narrowing and edits of
-- an active row are judged as before. Service-role and maintenance writes (no signed-in user) stay
-- trusted.

create or replace function public.admin_users_guard_grants()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_caller public.admin_users;
  v_reactivated boolean;
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

  v_reactivated := tg_op = 'UPDATE' and new.active = 1 and old.active is distinct from 1;

  select coalesce(array_agg(distinct p), '{}') into v_added
  from unnest(new.permissions) as p
  where tg_op = 'INSERT' or v_reactivated or not (p = any (coalesce(old.permissions, '{}')));

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
  'granting a permission the caller does not hold (reactivating an administrator grants all of its '
  'permissions), and granting admin_management unless the caller is an active super_admin.';

revoke execute on function public.admin_users_guard_grants() from public, anon, authenticated;
