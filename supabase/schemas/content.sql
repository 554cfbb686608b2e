-- Content pages and messages from the storefront's forms.
--   * content_pages: the shop's own texts (About Us, Shipping Info, Returns, FAQ, Contact Us, Bulk
--     Orders, Size Guide, Preparedness, the three policies) and blog posts (kind 'post'), written in
--     Markdown and served at /pages/<slug> (the policies at their own addresses). Everyone reads the
--     published ones; staff with the `settings` permission read, write and delete every one. The
--     storefront renders the Markdown without raw HTML and with http(s) and mailto links only. The
--     pages themselves are seeded by migration 20261128150237_content_pages.sql (data, not schema).
--   * contact_messages: what the Contact Us and Bulk Orders forms send (contact_message_send). Each is
--     stored and e-mailed to the support address through the outbox; a client (request_client_key)
--     sends at most 5 an hour and the whole shop takes 200 an hour. Staff with the `customers`
--     permission read them and close or reopen them (admin_set_contact_message_status); nobody else
--     reads a row, and no API role writes one directly.
-- Staff changes to pages are recorded in the audit log (audit.sql, entity 'page').

-- Tables ------------------------------------------------------------------------------------------
create table public.content_pages (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  kind text not null default 'page' check (kind in ('page', 'post')),
  title text not null,
  summary text not null default '',
  body text not null default '',
  form text check (form in ('contact', 'bulk')),
  published boolean not null default true,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint content_pages_slug_key unique (slug),
  constraint content_pages_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  constraint content_pages_title_length check (length(btrim(title)) between 1 and 120),
  constraint content_pages_summary_length check (length(summary) <= 300),
  constraint content_pages_body_length check (length(body) <= 50000)
);

alter table public.content_pages enable row level security;

comment on table public.content_pages is
  'The shop''s content pages and blog posts (kind post), Markdown in body. Everyone reads published '
  'ones; staff with the settings permission read and write all.';
comment on column public.content_pages.body is
  'Markdown. Rendered without raw HTML; only http(s), mailto and the shop''s own paths become links.';
comment on column public.content_pages.summary is
  'One or two sentences: the page''s meta description and a post''s teaser in the blog list.';
comment on column public.content_pages.form is
  'A form the page shows below its text: contact (Contact Us) or bulk (Bulk Orders), else none.';
comment on column public.content_pages.published_at is
  'When the page was first published (set by the database); the blog lists posts newest first by it.';

-- The blog: published posts, newest first.
create index content_pages_posts_idx on public.content_pages (published_at desc, id desc)
  where kind = 'post' and published;

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'bulk')),
  name text not null check (length(name) between 1 and 100),
  email text not null,
  order_number text check (length(order_number) <= 40),
  organisation text check (length(organisation) <= 120),
  phone text check (length(phone) <= 40),
  message text not null check (length(message) between 1 and 5000),
  status text not null default 'open' check (status in ('open', 'closed')),
  user_id uuid,
  client_key text not null,
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by uuid,
  constraint contact_messages_email_plain check (public.email_plain_normalised(email) is not distinct from email)
);

alter table public.contact_messages enable row level security;

comment on table public.contact_messages is
  'Messages from the Contact Us (kind contact) and Bulk Orders (kind bulk) forms, written only by '
  'contact_message_send. Staff with the customers permission read them and close or reopen them '
  '(admin_set_contact_message_status).';
comment on column public.contact_messages.client_key is
  'sha256 (hex) of who sent it (request_client_key), for the per-client limit.';

create index contact_messages_status_created_idx on public.contact_messages (status, created_at desc);

create index contact_messages_client_created_idx on public.contact_messages (client_key, created_at);

create index contact_messages_created_idx on public.contact_messages (created_at desc);

-- Functions ---------------------------------------------------------------------------------------
create or replace function public.content_pages_touch()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.slug := lower(btrim(new.slug));
  new.title := btrim(new.title);
  new.summary := btrim(new.summary);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  if new.published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;

comment on function public.content_pages_touch() is
  'Before a page is written: trims its texts, keeps created_at, stamps updated_at and updated_by, and '
  'sets published_at the first time the page is published.';
revoke execute on function public.content_pages_touch() from public, anon, authenticated;

create or replace function public.contact_support_address()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.support_email from public.store_settings s), 'support@readystock.example');
$$;

comment on function public.contact_support_address() is
  'Internal: where the forms'' messages are e-mailed: store_settings.support_email (the seeded default '
  'if the settings row is missing).';
revoke execute on function public.contact_support_address() from public, anon, authenticated;

create or replace function public.contact_message_send(
  p_kind text,
  p_name text,
  p_email text,
  p_message text,
  p_order_number text default null,
  p_organisation text default null,
  p_phone text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := public.email_plain_normalised(p_email);
  v_message text := btrim(coalesce(p_message, ''));
  v_order text := nullif(upper(btrim(coalesce(p_order_number, ''))), '');
  v_organisation text := nullif(btrim(coalesce(p_organisation, '')), '');
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_client text := public.request_client_key();
  v_id uuid;
begin
  if p_kind is null or p_kind not in ('contact', 'bulk') then
    raise exception 'Unknown form' using errcode = 'P0001';
  end if;
  if v_name = '' then
    raise exception 'Please enter your name' using errcode = 'P0001';
  end if;
  if length(v_name) > 100 then
    raise exception 'Your name can be at most 100 characters' using errcode = 'P0001';
  end if;
  if btrim(coalesce(p_email, '')) = '' then
    raise exception 'Please enter your e-mail address' using errcode = 'P0001';
  end if;
  if v_email is null then
    raise exception 'Please enter a valid e-mail address' using errcode = 'P0001';
  end if;
  if v_order is not null and v_order !~ '^[A-Z0-9][A-Z0-9-]{0,39}$' then
    raise exception 'Please enter a valid order number' using errcode = 'P0001';
  end if;
  if length(v_organisation) > 120 then
    raise exception 'The organisation can be at most 120 characters' using errcode = 'P0001';
  end if;
  if v_phone is not null and v_phone !~ '^[0-9+() .-]{5,40}$' then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001';
  end if;
  if v_message = '' then
    raise exception 'Please enter a message' using errcode = 'P0001';
  end if;
  if length(v_message) > 5000 then
    raise exception 'Your message can be at most 5000 characters' using errcode = 'P0001';
  end if;

  -- Messages queue here, so the limits hold under concurrency.
  perform pg_advisory_xact_lock(hashtextextended('contact:messages', 0));
  if (
    select count(*) from public.contact_messages m
    where m.client_key = v_client and m.created_at > now() - interval '1 hour'
  ) >= 5
  or (
    select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour'
  ) >= 200 then
    raise exception 'Too many messages. Please try again later.' using errcode = 'P0001';
  end if;

  insert into public.contact_messages (kind, name, email, order_number, organisation, phone, message, user_id, client_key)
  values (
    p_kind, v_name, v_email,
    case when p_kind = 'contact' then v_order end,
    case when p_kind = 'bulk' then v_organisation end,
    case when p_kind = 'bulk' then v_phone end,
    v_message, (select auth.uid()), v_client
  )
  returning id into v_id;

  insert into public.outbox_messages (kind, recipient, payload, client_key)
  values (
    'contact_message',
    public.contact_support_address(),
    jsonb_strip_nulls(jsonb_build_object(
      'message_id', v_id, 'form', p_kind, 'name', v_name, 'email', v_email,
      'order_number', case when p_kind = 'contact' then v_order end,
      'organisation', case when p_kind = 'bulk' then v_organisation end,
      'phone', case when p_kind = 'bulk' then v_phone end,
      'message', v_message)),
    v_client
  );
  return v_id;
end;
$$;

comment on function public.contact_message_send(text, text, text, text, text, text, text) is
  'Visitor or customer: sends the Contact Us (p_kind contact, optional order number) or Bulk Orders '
  '(p_kind bulk, optional organisation and phone) form. Checks every field (a message per field), '
  'stores the message and queues an e-mail of it to the support address (outbox, Reply-To the sender). '
  'Refused (Too many messages) once the client (request_client_key) sent 5 in the last hour or the '
  'whole shop 200. Returns the message''s id.';
revoke execute on function public.contact_message_send(p_kind text, p_name text, p_email text, p_message text, p_order_number text, p_organisation text, p_phone text) from public;
grant execute on function public.contact_message_send(p_kind text, p_name text, p_email text, p_message text, p_order_number text, p_organisation text, p_phone text) to anon, authenticated;

create or replace function public.admin_set_contact_message_status(p_id uuid, p_status text)
returns public.contact_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.contact_messages;
begin
  if not public.has_admin_permission('customers') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('open', 'closed') then
    raise exception 'Unknown status' using errcode = 'P0001';
  end if;
  update public.contact_messages m
  set status = p_status,
      closed_at = case when p_status = 'closed' then coalesce(m.closed_at, now()) end,
      closed_by = case when p_status = 'closed' then coalesce(m.closed_by, (select auth.uid())) end
  where m.id = p_id
  returning m.* into v_row;
  if not found then
    raise exception 'Message not found' using errcode = 'P0002';
  end if;
  return v_row;
end;
$$;

comment on function public.admin_set_contact_message_status(uuid, text) is
  'Staff with customers: closes (p_status closed, stamping closed_at and closed_by) or reopens (open) a '
  'message from the Contact Us or Bulk Orders form; returns it.';
revoke execute on function public.admin_set_contact_message_status(p_id uuid, p_status text) from public, anon;
grant execute on function public.admin_set_contact_message_status(p_id uuid, p_status text) to authenticated;

-- Triggers ----------------------------------------------------------------------------------------
create trigger content_pages_touch
  before insert or update on public.content_pages
  for each row execute function public.content_pages_touch();

-- Row-level security and grants -------------------------------------------------------------------
create policy content_pages_select on public.content_pages
  for select to anon, authenticated
  using (published or (select public.has_admin_permission('settings')));

create policy content_pages_insert on public.content_pages
  for insert to authenticated
  with check ((select public.has_admin_permission('settings')));

create policy content_pages_update on public.content_pages
  for update to authenticated
  using ((select public.has_admin_permission('settings')))
  with check ((select public.has_admin_permission('settings')));

create policy content_pages_delete on public.content_pages
  for delete to authenticated
  using ((select public.has_admin_permission('settings')));

revoke all on public.content_pages from anon, authenticated;
grant select on public.content_pages to anon;
grant select, insert, update, delete on public.content_pages to authenticated;
grant all on public.content_pages to service_role;

create policy contact_messages_select on public.contact_messages
  for select to authenticated
  using ((select public.has_admin_permission('customers')));

revoke all on public.contact_messages from anon, authenticated;
grant select on public.contact_messages to authenticated;
grant all on public.contact_messages to service_role;
