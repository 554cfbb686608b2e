-- dashboard_utc_day is inlined into the queries that call it (issue 17).
-- Why: a SQL function with a SET clause (here `set search_path = ''`) is never inlined, so every row of
-- the rollup triggers paid a function call for it: loading 200,000 orders called it about 800,000 times.
-- Without the SET clause and with every name in its body qualified (pg_catalog's timezone and date,
-- which a search_path cannot shadow), the planner replaces the call with its expression; the result is
-- the same, and nothing in the body depends on the caller's search_path.

create or replace function public.dashboard_utc_day(p_at timestamptz)
returns date
language sql
immutable
parallel safe
as $$
  select pg_catalog.timezone('UTC', p_at)::pg_catalog.date;
$$;

-- create or replace keeps the old SET clause: it has to be reset explicitly.
alter function public.dashboard_utc_day(timestamptz) reset all;

comment on function public.dashboard_utc_day(timestamptz) is
  'Internal: the UTC day of a moment (rollup key). Inlined by the planner (no SET clause, qualified names).';
