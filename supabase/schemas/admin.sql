-- Administrators: who may use the back office, and with which rights.
-- admin_users holds one row per administrator (an auth user) with a role (admin or super_admin), a list
-- of permissions and an active flag. Every policy and back-office function asks the two questions
-- defined here, is_active_admin() and has_admin_permission(p), so rights are decided in one place: a
-- super_admin holds every permission, and deactivating an administrator removes every right at once.
-- Administrators are managed through security-definer functions (creating one writes auth.users, which
-- no API role may touch), and two guard triggers keep the rules that must hold on any write path: no
-- one demotes, deactivates or removes themselves or the last active super_admin, only a super_admin
-- grants super_admin, and no one raises their own rights. Comes first: every later file's policies
-- call its functions.

-- Tables ------------------------------------------------------------------------------------------
create table public.admin_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'admin' check (role in ('admin', 'super_admin')),
  permissions text[] not null default '{products,categories,orders}' check (
    permissions <@ array['products', 'categories', 'orders', 'customers', 'analytics', 'settings',
      'admin_management']::text[]
    and array_position(permissions, null) is null
  ),
  active smallint not null default 1 check (active in (0, 1)),
  created_at timestamptz not null default now(),
  constraint admin_users_user_id_key unique (user_id)
);

alter table public.admin_users enable row level security;

comment on table public.admin_users is
  'Back-office administrators: one row per auth user with role, permissions and active (1 or 0).';

-- admin_users(user_id) is indexed by its unique constraint (read by every policy through
-- is_active_admin / has_admin_permission); the administrators list is newest first.
create index admin_users_created_at_idx on public.admin_users (created_at desc);

-- Functions ---------------------------------------------------------------------------------------
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
revoke execute on function public.is_active_admin() from public;
grant execute on function public.is_active_admin() to anon, authenticated, service_role;

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
revoke execute on function public.has_admin_permission(p_permission text) from public;
grant execute on function public.has_admin_permission(p_permission text) to anon, authenticated, service_role;

-- Administrator management without a service key in any browser: list, create, update and remove
-- administrators through `security definer` functions, plus a guard trigger on admin_users.
-- Why: creating an administrator means writing auth.users and auth.identities, which no API role may
-- touch, so these functions run as their owner with an empty search_path and check the caller
-- themselves (an active super_admin, or an active admin holding admin_management). The guard trigger
-- holds the rules that must survive any path (these functions or a direct table write under RLS):
-- nobody removes, deactivates or demotes themselves or the last active super_admin, and only a
-- super_admin grants or changes the super_admin role. Service-role and maintenance writes (no
-- signed-in user) are trusted and not guarded. Errors use 42501 (refused), 22023 (bad input), 23505
-- (duplicate e-mail) and P0001 (anything else, e.g. not found), all of which PostgREST answers with a
-- 4xx status.
create or replace function public.admin_users_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_caller_role text;
  v_other_super_admins integer;
begin
  if v_uid is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;

  select au.role into v_caller_role
  from public.admin_users au
  where au.user_id = v_uid and au.active = 1;

  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    raise exception 'The account of an administrator cannot be changed'
      using errcode = '42501', hint = 'Remove the administrator and create a new one instead.';
  end if;

  if tg_op in ('INSERT', 'UPDATE') and new.role = 'super_admin'
     and (tg_op = 'INSERT' or old.role <> 'super_admin')
     and v_caller_role is distinct from 'super_admin' then
    raise exception 'Only a super administrator can grant the super_admin role' using errcode = '42501';
  end if;

  if tg_op in ('UPDATE', 'DELETE') and old.role = 'super_admin'
     and v_caller_role is distinct from 'super_admin' then
    raise exception 'Only a super administrator can change or remove a super administrator'
      using errcode = '42501';
  end if;

  if old.user_id = v_uid then
    if tg_op = 'DELETE' then
      raise exception 'You cannot remove your own administrator privileges' using errcode = '42501';
    end if;
    if new.active <> 1 and old.active = 1 then
      raise exception 'You cannot deactivate your own administrator account' using errcode = '42501';
    end if;
    if old.role = 'super_admin' and new.role <> 'super_admin' then
      raise exception 'You cannot demote yourself' using errcode = '42501';
    end if;
    if old.role = 'admin' and 'admin_management' = any (old.permissions)
       and not ('admin_management' = any (new.permissions)) then
      raise exception 'You cannot remove your own admin_management permission' using errcode = '42501';
    end if;
  end if;

  if tg_op in ('UPDATE', 'DELETE') and old.role = 'super_admin' and old.active = 1
     and (tg_op = 'DELETE' or new.role <> 'super_admin' or new.active <> 1) then
    -- Lock the active super administrators so two concurrent demotions cannot both pass.
    perform 1 from public.admin_users au where au.role = 'super_admin' and au.active = 1 for update;
    select count(*) into v_other_super_admins
    from public.admin_users au
    where au.role = 'super_admin' and au.active = 1 and au.id <> old.id;
    if v_other_super_admins = 0 then
      raise exception 'The last active super administrator cannot be removed, deactivated or demoted'
        using errcode = 'P0001';
    end if;
  end if;

  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function public.admin_users_guard() is
  'Trigger on admin_users: for signed-in callers, refuses removing, deactivating or demoting oneself or '
  'the last active super_admin, and lets only a super_admin grant or change the super_admin role.';
revoke execute on function public.admin_users_guard() from public, anon, authenticated;

-- Shared checks of the management functions -------------------------------------------------------
create or replace function public.assert_admin_manager()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('admin_management') and (select auth.role()) is distinct from 'service_role' then
    raise exception 'Only an active super administrator or an administrator with admin_management can manage administrators'
      using errcode = '42501';
  end if;
end;
$$;

comment on function public.assert_admin_manager() is
  'Raises 42501 unless the caller is an active super_admin, an active admin holding admin_management, or '
  'the service role.';
revoke execute on function public.assert_admin_manager() from public, anon;
grant execute on function public.assert_admin_manager() to authenticated, service_role;

create or replace function public.admin_validate_grant(p_role text, p_permissions text[], p_active smallint)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_permission text;
begin
  if p_role is null or p_role not in ('admin', 'super_admin') then
    raise exception 'Invalid role "%": use admin or super_admin', coalesce(p_role, 'null') using errcode = '22023';
  end if;
  if p_permissions is null then
    raise exception 'Permissions are required' using errcode = '22023';
  end if;
  foreach v_permission in array p_permissions loop
    if v_permission is null or v_permission not in ('products', 'categories', 'orders', 'customers', 'analytics',
        'settings', 'admin_management') then
      raise exception 'Invalid permission "%"', coalesce(v_permission, 'null') using errcode = '22023';
    end if;
  end loop;
  if p_active is null or p_active not in (0, 1) then
    raise exception 'Active must be 1 or 0' using errcode = '22023';
  end if;
end;
$$;

comment on function public.admin_validate_grant(text, text[], smallint) is
  'Raises 22023 with a readable message for an unknown role, permission or active value.';
revoke execute on function public.admin_validate_grant(p_role text, p_permissions text[], p_active smallint) from public, anon;
grant execute on function public.admin_validate_grant(p_role text, p_permissions text[], p_active smallint) to authenticated, service_role;

create or replace function public.admin_user_json(p_admin public.admin_users)
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select (
    to_jsonb(p_admin) || jsonb_build_object(
      'email', u.email,
      'first_name', coalesce(u.raw_user_meta_data ->> 'first_name', u.raw_user_meta_data ->> 'firstName'),
      'last_name', coalesce(u.raw_user_meta_data ->> 'last_name', u.raw_user_meta_data ->> 'lastName')
    )
  )::json
  from (select 1) as one
  left join auth.users u on u.id = p_admin.user_id;
$$;

comment on function public.admin_user_json(public.admin_users) is
  'An admin_users row as JSON plus the account''s email, first_name and last_name.';
revoke execute on function public.admin_user_json(p_admin admin_users) from public, anon, authenticated;
grant execute on function public.admin_user_json(p_admin admin_users) to service_role;

-- The management functions ------------------------------------------------------------------------
create or replace function public.admin_list_administrators()
returns table (
  id uuid,
  user_id uuid,
  role text,
  permissions text[],
  active smallint,
  created_at timestamptz,
  email text,
  first_name text,
  last_name text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_active_admin() and (select auth.role()) is distinct from 'service_role' then
    raise exception 'Administrator privileges required' using errcode = '42501';
  end if;
  return query
    select au.id, au.user_id, au.role, au.permissions, au.active, au.created_at, u.email::text,
      coalesce(u.raw_user_meta_data ->> 'first_name', u.raw_user_meta_data ->> 'firstName'),
      coalesce(u.raw_user_meta_data ->> 'last_name', u.raw_user_meta_data ->> 'lastName')
    from public.admin_users au
    left join auth.users u on u.id = au.user_id
    order by au.created_at desc, au.id;
end;
$$;

comment on function public.admin_list_administrators() is
  'All administrators, newest first, with the email and names of their accounts. Any active '
  'administrator may list; others get 42501 ''Administrator privileges required''.';
revoke execute on function public.admin_list_administrators() from public, anon;
grant execute on function public.admin_list_administrators() to authenticated, service_role;

create or replace function public.admin_create_administrator(
  p_email text,
  p_password text,
  p_first_name text,
  p_last_name text,
  p_role text default 'admin',
  p_permissions text[] default '{products,categories,orders}',
  p_active smallint default 1
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_first_name text := btrim(coalesce(p_first_name, ''));
  v_last_name text := btrim(coalesce(p_last_name, ''));
  v_user_id uuid := gen_random_uuid();
  v_now timestamptz := now();
  v_admin public.admin_users;
begin
  perform public.assert_admin_manager();

  if v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' or length(v_email) > 255 then
    raise exception 'Please provide a valid email address' using errcode = '22023';
  end if;
  if p_password is null or length(p_password) < 6 then
    raise exception 'Password should be at least 6 characters.' using errcode = '22023';
  end if;
  if length(p_password) > 72 then
    raise exception 'Password cannot be longer than 72 characters' using errcode = '22023';
  end if;
  if v_first_name = '' or v_last_name = '' then
    raise exception 'Please provide first name and last name' using errcode = '22023';
  end if;
  perform public.admin_validate_grant(coalesce(p_role, 'admin'),
    coalesce(p_permissions, '{products,categories,orders}'), coalesce(p_active, 1::smallint));

  if exists (select 1 from auth.users u where lower(u.email) = v_email) then
    raise exception 'User already registered' using errcode = '23505';
  end if;

  begin
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change_token_new, email_change, is_sso_user, is_anonymous
    ) values (
      '00000000-0000-0000-0000-000000000000', v_user_id, 'authenticated', 'authenticated', v_email,
      extensions.crypt(p_password, extensions.gen_salt('bf', 10)), v_now,
      jsonb_build_object('provider', 'email', 'providers', jsonb_build_array('email')),
      jsonb_build_object(
        'sub', v_user_id::text,
        'email', v_email,
        'email_verified', true,
        'phone_verified', false,
        'first_name', v_first_name,
        'last_name', v_last_name,
        'full_name', v_first_name || ' ' || v_last_name
      ),
      v_now, v_now, '', '', '', '', false, false
    );
  exception when unique_violation then
    raise exception 'User already registered' using errcode = '23505';
  end;

  insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  values (
    v_user_id::text, v_user_id,
    jsonb_build_object('sub', v_user_id::text, 'email', v_email, 'email_verified', true, 'phone_verified', false),
    'email', null, v_now, v_now
  );

  insert into public.admin_users (user_id, role, permissions, active)
  values (v_user_id, coalesce(p_role, 'admin'), coalesce(p_permissions, '{products,categories,orders}'),
    coalesce(p_active, 1::smallint))
  returning * into v_admin;

  return public.admin_user_json(v_admin);
end;
$$;

comment on function public.admin_create_administrator(text, text, text, text, text, text[], smallint) is
  'Creates an administrator in one transaction: a confirmed auth user (bcrypt password, metadata '
  'first_name/last_name/full_name), its email identity and the admin_users row; returns that row as JSON '
  'with email and names. Callers: active super_admin or admin with admin_management. Errors: '
  '''User already registered'' (23505), ''Password should be at least 6 characters.'' (22023), '
  '''Please provide first name and last name'' (22023), 42501 for anybody else.';
revoke execute on function public.admin_create_administrator(p_email text, p_password text, p_first_name text, p_last_name text, p_role text, p_permissions text[], p_active smallint) from public, anon;
grant execute on function public.admin_create_administrator(p_email text, p_password text, p_first_name text, p_last_name text, p_role text, p_permissions text[], p_active smallint) to authenticated, service_role;

create or replace function public.admin_update_administrator(
  p_id uuid,
  p_role text,
  p_permissions text[],
  p_active smallint
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_admin public.admin_users;
begin
  perform public.assert_admin_manager();

  select * into v_admin from public.admin_users au where au.id = p_id;
  if not found then
    raise exception 'Administrator not found' using errcode = 'P0001';
  end if;

  perform public.admin_validate_grant(coalesce(p_role, v_admin.role), coalesce(p_permissions, v_admin.permissions),
    coalesce(p_active, v_admin.active));

  update public.admin_users au
  set role = coalesce(p_role, au.role),
      permissions = coalesce(p_permissions, au.permissions),
      active = coalesce(p_active, au.active)
  where au.id = p_id
  returning * into v_admin;

  return public.admin_user_json(v_admin);
end;
$$;

comment on function public.admin_update_administrator(uuid, text, text[], smallint) is
  'Changes role, permissions and active of an administrator (null keeps the current value); returns the '
  'row as JSON with email and names. Callers: active super_admin or admin with admin_management. Nobody '
  'may deactivate or demote themselves or the last active super_admin.';
revoke execute on function public.admin_update_administrator(p_id uuid, p_role text, p_permissions text[], p_active smallint) from public, anon;
grant execute on function public.admin_update_administrator(p_id uuid, p_role text, p_permissions text[], p_active smallint) to authenticated, service_role;

create or replace function public.admin_remove_administrator(p_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.assert_admin_manager();

  delete from public.admin_users au where au.id = p_id;
  if not found then
    raise exception 'Administrator not found' using errcode = 'P0001';
  end if;
end;
$$;

comment on function public.admin_remove_administrator(uuid) is
  'Removes administrator privileges (the admin_users row only; the account stays and can still sign in). '
  'Callers: active super_admin or admin with admin_management. Nobody may remove themselves or the last '
  'active super_admin.';
revoke execute on function public.admin_remove_administrator(p_id uuid) from public, anon;
grant execute on function public.admin_remove_administrator(p_id uuid) to authenticated, service_role;

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

-- Triggers ----------------------------------------------------------------------------------------
create trigger admin_users_guard
  before insert or update or delete on public.admin_users
  for each row execute function public.admin_users_guard();

create trigger admin_users_guard_grants
  before insert or update on public.admin_users
  for each row execute function public.admin_users_guard_grants();

-- Row-level security ------------------------------------------------------------------------------
-- admin_users -------------------------------------------------------------------------------------
create policy admin_users_select on public.admin_users
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_active_admin()));

create policy admin_users_insert on public.admin_users
  for insert to authenticated
  with check ((select public.has_admin_permission('admin_management')));

create policy admin_users_update on public.admin_users
  for update to authenticated
  using ((select public.has_admin_permission('admin_management')))
  with check ((select public.has_admin_permission('admin_management')));

create policy admin_users_delete on public.admin_users
  for delete to authenticated
  using ((select public.has_admin_permission('admin_management')));

-- Grants ------------------------------------------------------------------------------------------
revoke all on public.admin_users from anon, authenticated;
grant select, insert, update, delete on public.admin_users to authenticated;
grant all on public.admin_users to service_role;
