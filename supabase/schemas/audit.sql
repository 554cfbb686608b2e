-- The staff audit log: every change a member of staff makes to products, lots, categories,
-- subcategories, the store settings, discount codes, administrators, content pages and emergencies
-- (emergency.sql), written by the
-- database in the same transaction as the change (an after-row trigger on each table), so no path
-- around the back office escapes it. Each entry says who (the staff member's user id and e-mail at the time), when, which
-- record (its kind, id and a readable label), what happened (created, changed, deleted) and, per field,
-- the value before and after. Derived columns that the database keeps itself (updated_at, slugs, search
-- text, ratings) are left out, and an update that changes nothing else writes no entry.
--   * Only changes made by a signed-in administrator are recorded: a customer's order lowering stock,
--     the service role (payments, scheduled jobs) and migrations are not staff changes.
--   * The log is append-only for everyone: no API role may insert, update, delete or truncate it
--     (the trigger function writes as its owner), and a trigger refuses updates and deletes even by the
--     owner. The service role may only read it.
--   * Staff with the `settings` permission (every super admin holds it) read it; nobody else sees a row.

-- Tables ------------------------------------------------------------------------------------------
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid not null,
  actor_email text,
  entity text not null
    check (entity in ('product', 'lot', 'category', 'subcategory', 'settings', 'administrator', 'page', 'promotion', 'import', 'emergency')),
  record_id text not null,
  record_label text,
  -- The record this one belongs to (a lot's product, a subcategory's category, a product changed by a
  -- CSV import: the import's entry), so a product's history also shows its lots and an import's its rows.
  parent_id text,
  action text not null check (action in ('created', 'changed', 'deleted')),
  changes jsonb not null default '{}' check (jsonb_typeof(changes) = 'object')
);

alter table public.audit_log enable row level security;

comment on table public.audit_log is
  'Staff changes, written by the audit_record trigger in the same transaction: who (actor_id, '
  'actor_email), when (at), which record (entity, record_id, record_label, parent_id), what (action) '
  'and changes {field: {before, after}}. Append-only; read with the settings permission.';

-- Newest first, whole log or narrowed by staff member, by kind, or by one record (with its children).
create index audit_log_at_idx on public.audit_log (at desc, id desc);

create index audit_log_actor_at_idx on public.audit_log (actor_id, at desc, id desc);

create index audit_log_entity_at_idx on public.audit_log (entity, at desc, id desc);

create index audit_log_record_idx on public.audit_log (record_id, at desc, id desc);

create index audit_log_parent_idx on public.audit_log (parent_id, at desc, id desc) where parent_id is not null;

-- Functions ---------------------------------------------------------------------------------------
-- One trigger function for every audited table. Arguments: the entity name, the column that labels a
-- record (or '' for none), the column naming its parent (or ''), and the columns to leave out, comma
-- separated. Security definer: it writes the log, which no API role may.
create or replace function public.audit_record()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := (select auth.uid());
  v_entity text := tg_argv[0];
  v_label_column text := nullif(tg_argv[1], '');
  v_parent_column text := nullif(tg_argv[2], '');
  v_ignored text[] := string_to_array(nullif(tg_argv[3], ''), ',');
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changes jsonb := '{}';
  v_key text;
  v_label text;
begin
  if v_actor is null or not exists (select 1 from public.admin_users au where au.user_id = v_actor) then
    return null;
  end if;
  for v_key in
    select key from jsonb_object_keys(v_row) as key
    where key <> all (coalesce(v_ignored, '{}'))
    order by key
  loop
    if tg_op = 'INSERT' and v_new -> v_key <> 'null'::jsonb then
      v_changes := v_changes || jsonb_build_object(v_key, jsonb_build_object('after', v_new -> v_key));
    elsif tg_op = 'DELETE' and v_old -> v_key <> 'null'::jsonb then
      v_changes := v_changes || jsonb_build_object(v_key, jsonb_build_object('before', v_old -> v_key));
    elsif tg_op = 'UPDATE' and (v_old -> v_key) is distinct from (v_new -> v_key) then
      v_changes := v_changes || jsonb_build_object(
        v_key, jsonb_build_object('before', v_old -> v_key, 'after', v_new -> v_key));
    end if;
  end loop;
  if tg_op = 'UPDATE' and v_changes = '{}'::jsonb then
    return null;
  end if;

  if v_entity = 'administrator' then
    select u.email::text into v_label from auth.users u where u.id = (v_row ->> 'user_id')::uuid;
  elsif v_entity = 'settings' then
    v_label := 'Store settings';
  elsif v_label_column is not null then
    v_label := v_row ->> v_label_column;
  end if;

  insert into public.audit_log (actor_id, actor_email, entity, record_id, record_label, parent_id, action, changes)
  values (
    v_actor,
    (select u.email::text from auth.users u where u.id = v_actor),
    v_entity,
    v_row ->> 'id',
    v_label,
    case
      when v_parent_column is not null then v_row ->> v_parent_column
      -- A product written by admin_product_import_apply: the import it belongs to.
      when v_entity = 'product' then nullif(current_setting('readystock.audit_import', true), '')
    end,
    case tg_op when 'INSERT' then 'created' when 'UPDATE' then 'changed' else 'deleted' end,
    v_changes
  );
  return null;
end;
$$;

comment on function public.audit_record() is
  'After-row trigger of the audited tables: writes one audit_log entry for a change made by a signed-in '
  'administrator. Arguments: entity, label column, parent column, ignored columns (comma separated).';
revoke execute on function public.audit_record() from public, anon, authenticated;

create or replace function public.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only' using errcode = '42501';
end;
$$;

comment on function public.audit_log_append_only() is
  'Before update or delete on audit_log: refuses it, whoever asks.';
revoke execute on function public.audit_log_append_only() from public, anon, authenticated;

-- The staff members a log reader may filter by: every administrator, present or removed, who has an
-- entry. Reads admin_users and auth.users (not readable by a settings-only administrator), so it is a
-- security-definer function that checks the permission itself.
create or replace function public.audit_actors()
returns table (actor_id uuid, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_admin_permission('settings') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  return query
    select au.user_id, u.email::text
    from public.admin_users au
    join auth.users u on u.id = au.user_id
    union
    select distinct on (l.actor_id) l.actor_id, l.actor_email
    from public.audit_log l
    where not exists (select 1 from public.admin_users au where au.user_id = l.actor_id)
    order by 2;
end;
$$;

comment on function public.audit_actors() is
  'Administrators (and former ones with log entries) as (actor_id, email), for the audit log''s filter; '
  'needs the settings permission.';
revoke execute on function public.audit_actors() from public, anon;
grant execute on function public.audit_actors() to authenticated, service_role;

-- Triggers ----------------------------------------------------------------------------------------
create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function public.audit_log_append_only();

create trigger products_audit
  after insert or update or delete on public.products
  for each row execute function public.audit_record(
    'product', 'name', '', 'updated_at,created_at,slug,search_text,search_vector,rating,review_count');

create trigger product_lots_audit
  after insert or update or delete on public.product_lots
  for each row execute function public.audit_record('lot', 'lot_code', 'product_id', 'updated_at,created_at');

create trigger categories_audit
  after insert or update or delete on public.categories
  for each row execute function public.audit_record('category', 'name', '', 'created_at');

create trigger subcategories_audit
  after insert or update or delete on public.subcategories
  for each row execute function public.audit_record('subcategory', 'name', 'category_id', 'created_at');

create trigger store_settings_audit
  after update on public.store_settings
  for each row execute function public.audit_record('settings', '', '', 'updated_at,updated_by');

create trigger promotions_audit
  after insert or update or delete on public.promotions
  for each row execute function public.audit_record('promotion', 'code', '', 'created_at');

create trigger admin_users_audit
  after insert or update or delete on public.admin_users
  for each row execute function public.audit_record('administrator', '', '', 'created_at');

create trigger content_pages_audit
  after insert or update or delete on public.content_pages
  for each row execute function public.audit_record('page', 'title', '', 'created_at,updated_at,updated_by,published_at');

-- Row-level security and grants -------------------------------------------------------------------
create policy audit_log_select on public.audit_log
  for select to authenticated
  using ((select public.has_admin_permission('settings')));

revoke all on public.audit_log from anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;
