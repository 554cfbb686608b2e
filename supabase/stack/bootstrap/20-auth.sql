-- The auth schema of the local stack, mirroring hosted Supabase (GoTrue) table names and column types
-- closely enough that SQL written against it (seed.sql, security definer functions) runs unchanged on a
-- hosted project. Idempotent: safe to run on every start. Nothing here is granted to anon/authenticated.

create schema if not exists auth;

do $$
begin
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if not exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token'
    );
  end if;
end
$$;

create table if not exists auth.users (
  instance_id uuid null,
  id uuid not null primary key,
  aud varchar(255) null,
  role varchar(255) null,
  email varchar(255) null,
  encrypted_password varchar(255) null,
  email_confirmed_at timestamptz null,
  invited_at timestamptz null,
  confirmation_token varchar(255) null,
  confirmation_sent_at timestamptz null,
  recovery_token varchar(255) null,
  recovery_sent_at timestamptz null,
  email_change_token_new varchar(255) null,
  email_change varchar(255) null,
  email_change_sent_at timestamptz null,
  last_sign_in_at timestamptz null,
  raw_app_meta_data jsonb null,
  raw_user_meta_data jsonb null,
  is_super_admin boolean null,
  created_at timestamptz null,
  updated_at timestamptz null,
  phone text null default null unique,
  phone_confirmed_at timestamptz null,
  phone_change text null default '',
  phone_change_token varchar(255) null default '',
  phone_change_sent_at timestamptz null,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) null default '',
  email_change_confirm_status smallint null default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz null,
  reauthentication_token varchar(255) null default '',
  reauthentication_sent_at timestamptz null,
  is_sso_user boolean not null default false,
  deleted_at timestamptz null,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_lower_key on auth.users (lower(email));
create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz null,
  created_at timestamptz null,
  updated_at timestamptz null,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz null,
  updated_at timestamptz null,
  factor_id uuid null,
  aal auth.aal_level null,
  not_after timestamptz null,
  refreshed_at timestamp without time zone null,
  user_agent text null,
  ip inet null,
  tag text null
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);
create index if not exists sessions_not_after_idx on auth.sessions (not_after desc);

create table if not exists auth.refresh_tokens (
  instance_id uuid null,
  id bigserial not null primary key,
  token varchar(255) null unique,
  user_id varchar(255) null,
  revoked boolean null,
  created_at timestamptz null,
  updated_at timestamptz null,
  parent varchar(255) null,
  session_id uuid null references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid not null primary key,
  user_id uuid null,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text null,
  provider_refresh_token text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  authentication_method text not null,
  auth_code_issued_at timestamptz null
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

create table if not exists auth.one_time_tokens (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
create index if not exists one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);

create table if not exists auth.audit_log_entries (
  instance_id uuid null,
  id uuid not null primary key,
  payload json null,
  created_at timestamptz null,
  ip_address varchar(64) not null default ''
);

-- Local stack only (not part of hosted Supabase): the developer mailbox that replaces an SMTP server.
create table if not exists auth.local_mailbox (
  id uuid not null default gen_random_uuid() primary key,
  to_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links text[] not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists local_mailbox_to_created_idx on auth.local_mailbox (lower(to_email), created_at desc);
-- The outbox sender delivers with the outbox message id as idempotency key: a second delivery of the
-- same message (a sender restarted between delivering and marking it sent) is dropped here.
alter table auth.local_mailbox add column if not exists idempotency_key text;
create unique index if not exists local_mailbox_idempotency_key_key on auth.local_mailbox (idempotency_key);

-- The auth tables belong to the auth service: client roles get nothing on them.
do $$
declare
  r text;
begin
  foreach r in array array['anon', 'authenticated'] loop
    if exists (select 1 from pg_roles where rolname = r) then
      execute format('revoke all on all tables in schema auth from %I', r);
      execute format('revoke all on all sequences in schema auth from %I', r);
    end if;
  end loop;
end
$$;
