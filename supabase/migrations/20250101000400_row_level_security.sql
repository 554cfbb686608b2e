-- Row-level security on every table, one policy per operation, plus the table privileges the API
-- roles need.
-- Why: the browser holds only the anon key, so the database is what protects the data. The
-- catalogue is readable by everyone and writable only by an active administrator holding the
-- matching permission; admin_users is readable by its own user and by active administrators and
-- writable only with admin_management (or as super_admin); orders are readable by their owner and by
-- administrators with the orders permission. auth.uid() is wrapped in (select ...) so Postgres
-- evaluates it once per statement instead of once per row.

alter table public.categories enable row level security;
alter table public.subcategories enable row level security;
alter table public.products enable row level security;
alter table public.admin_users enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;

-- Privileges: anon reads the catalogue only; authenticated may attempt everything and RLS decides.
revoke all on public.categories, public.subcategories, public.products, public.admin_users, public.orders,
  public.order_items from anon, authenticated;
grant select on public.categories, public.subcategories, public.products to anon;
grant select, insert, update, delete on public.categories, public.subcategories, public.products,
  public.admin_users, public.orders, public.order_items to authenticated;
grant all on public.categories, public.subcategories, public.products, public.admin_users, public.orders,
  public.order_items to service_role;

-- categories -----------------------------------------------------------------------------------
create policy categories_select on public.categories
  for select to anon, authenticated
  using (true);

create policy categories_insert on public.categories
  for insert to authenticated
  with check ((select public.has_admin_permission('categories')));

create policy categories_update on public.categories
  for update to authenticated
  using ((select public.has_admin_permission('categories')))
  with check ((select public.has_admin_permission('categories')));

create policy categories_delete on public.categories
  for delete to authenticated
  using ((select public.has_admin_permission('categories')));

-- subcategories --------------------------------------------------------------------------------
create policy subcategories_select on public.subcategories
  for select to anon, authenticated
  using (true);

create policy subcategories_insert on public.subcategories
  for insert to authenticated
  with check ((select public.has_admin_permission('categories')));

create policy subcategories_update on public.subcategories
  for update to authenticated
  using ((select public.has_admin_permission('categories')))
  with check ((select public.has_admin_permission('categories')));

create policy subcategories_delete on public.subcategories
  for delete to authenticated
  using ((select public.has_admin_permission('categories')));

-- products -------------------------------------------------------------------------------------
create policy products_select on public.products
  for select to anon, authenticated
  using (true);

create policy products_insert on public.products
  for insert to authenticated
  with check ((select public.has_admin_permission('products')));

create policy products_update on public.products
  for update to authenticated
  using ((select public.has_admin_permission('products')))
  with check ((select public.has_admin_permission('products')));

create policy products_delete on public.products
  for delete to authenticated
  using ((select public.has_admin_permission('products')));

-- admin_users ----------------------------------------------------------------------------------
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

-- orders ---------------------------------------------------------------------------------------
create policy orders_select on public.orders
  for select to authenticated
  using (user_id = (select auth.uid()) or (select public.has_admin_permission('orders')));

-- A customer places their own orders, and only as pending (the shop, not the buyer, moves them on).
create policy orders_insert on public.orders
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending');

create policy orders_update on public.orders
  for update to authenticated
  using ((select public.has_admin_permission('orders')))
  with check ((select public.has_admin_permission('orders')));

create policy orders_delete on public.orders
  for delete to authenticated
  using ((select public.has_admin_permission('orders')));

-- order_items ----------------------------------------------------------------------------------
create policy order_items_select on public.order_items
  for select to authenticated
  using (
    (select public.has_admin_permission('orders'))
    or exists (
      select 1 from public.orders o
      where o.id = order_items.order_id and o.user_id = (select auth.uid())
    )
  );

create policy order_items_insert on public.order_items
  for insert to authenticated
  with check (
    exists (
      select 1 from public.orders o
      where o.id = order_items.order_id and o.user_id = (select auth.uid()) and o.status = 'pending'
    )
  );

create policy order_items_update on public.order_items
  for update to authenticated
  using ((select public.has_admin_permission('orders')))
  with check ((select public.has_admin_permission('orders')));

create policy order_items_delete on public.order_items
  for delete to authenticated
  using ((select public.has_admin_permission('orders')));
