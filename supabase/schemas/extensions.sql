-- Extensions the schema uses, in Supabase's `extensions` schema: pgcrypto (gen_random_uuid's
-- companions, the administrators' password hashes) and pg_trgm (the trigram indexes behind the product
-- and category searches). Hosted projects and the local stack create both before any migration runs;
-- stating them keeps a fresh database self-contained.

create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;
