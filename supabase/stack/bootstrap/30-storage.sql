-- Supabase Storage's tables, as hosted Supabase provides them before any migration runs: storage.buckets
-- (one row per bucket with its public flag and limits) and storage.objects (one row per stored file).
-- The stack's /storage/v1 inserts and deletes storage.objects rows as the caller's role with the JWT
-- claims set, so the row-level-security policies the migrations put on storage.objects decide who may
-- write, as on Supabase. The files themselves live on disk (config.toml's objects_path).
-- Idempotent: runs on every start.

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- As on Supabase: the API roles hold every table privilege; the policies are the gate.
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;

-- Supabase's path helpers for policies: storage.foldername('products/1/a.png') = {products,1}.
create or replace function storage.foldername(name text) returns text[]
  language sql immutable
as $$ select parts[1:array_length(parts, 1) - 1] from string_to_array(name, '/') as parts $$;

create or replace function storage.filename(name text) returns text
  language sql immutable
as $$ select parts[array_length(parts, 1)] from string_to_array(name, '/') as parts $$;

create or replace function storage.extension(name text) returns text
  language sql immutable
as $$ select reverse(split_part(reverse(storage.filename(name)), '.', 1)) $$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
