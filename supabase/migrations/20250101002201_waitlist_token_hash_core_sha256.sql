-- Waitlist tokens are hashed with PostgreSQL's own sha256(), not pgcrypto's digest().
-- Why: digest() goes through the OpenSSL build inside the database; on the local stack's PGlite that
-- path once failed under load with 'Cannot use "sha256": Cipher cannot be initialized', which stopped
-- a subscription. The core function (PostgreSQL 11+) gives the same bytes for the same UTF-8 text, so
-- every hash already stored still matches its token; nothing else changes.

create or replace function public.waitlist_token_hash(p_token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_token, ''), 'UTF8'));
$$;

comment on function public.waitlist_token_hash(text) is
  'Internal: the SHA-256 of a waitlist token (the table keeps only the hash). Core sha256(), no pgcrypto.';
