-- Customers see who acted on their order only as "the shop": staff identity leaves order_events.
-- Why: a customer reads their own order's history (orders with order_events, RLS: their own orders),
-- and every row carried actor_id and actor_email, so an administrator's account id and e-mail address
-- reached the customer. Row-level security cannot hide columns of rows it shows, and column privileges
-- cannot tell a customer from an administrator (both are authenticated), so the staff identity moves to
-- its own table, order_event_staff (one row per event an administrator made), which only administrators
-- with the orders permission read. order_events keeps actor_role ('admin' reads as "the shop") and,
-- for the customer's own actions, the customer's id and e-mail (their own, harmless to show them).
-- A trigger on order_events does the move for every writer (the order functions, today's and later
-- ones), so no function has to remember it: an event with actor_role 'admin' gets its actor_id and
-- actor_email written to order_event_staff and nulled in order_events, before the row is stored.
-- The back office embeds order_event_staff(actor_id, actor_email) in order_events; for a customer the
-- embed is null. Rows already written are moved here once.

create table public.order_event_staff (
  -- Deferred: the event row is stored after its BEFORE trigger has written this one.
  event_id uuid primary key references public.order_events (id) on delete cascade deferrable initially deferred,
  actor_id uuid,
  actor_email text
);

comment on table public.order_event_staff is
  'Which administrator made an order event (order_events with actor_role admin); read only by '
  'administrators with the orders permission, written only by the order_events trigger.';

alter table public.order_event_staff enable row level security;
revoke all on public.order_event_staff from anon, authenticated;
grant select on public.order_event_staff to authenticated;
grant all on public.order_event_staff to service_role;

create policy order_event_staff_select on public.order_event_staff
  for select to authenticated
  using ((select public.has_admin_permission('orders')));

create or replace function public.order_events_keep_staff_apart()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.actor_role = 'admin' and (new.actor_id is not null or new.actor_email is not null) then
    insert into public.order_event_staff (event_id, actor_id, actor_email)
    values (new.id, new.actor_id, new.actor_email)
    on conflict (event_id) do update
      set actor_id = excluded.actor_id, actor_email = excluded.actor_email;
    new.actor_id := null;
    new.actor_email := null;
  end if;
  return new;
end;
$$;

comment on function public.order_events_keep_staff_apart() is
  'Trigger on order_events: moves an administrator''s actor_id and actor_email into order_event_staff, '
  'so the customer reading their order''s history sees only that the shop acted.';

revoke execute on function public.order_events_keep_staff_apart() from public, anon, authenticated;

create trigger order_events_keep_staff_apart
  before insert or update of actor_id, actor_email, actor_role on public.order_events
  for each row execute function public.order_events_keep_staff_apart();

-- The history written so far.
insert into public.order_event_staff (event_id, actor_id, actor_email)
select e.id, e.actor_id, e.actor_email
from public.order_events e
where e.actor_role = 'admin' and (e.actor_id is not null or e.actor_email is not null);

update public.order_events e
set actor_id = null, actor_email = null
where e.actor_role = 'admin' and (e.actor_id is not null or e.actor_email is not null);
