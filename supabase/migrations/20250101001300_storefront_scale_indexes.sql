-- Indexes for the storefront's sorts as the remotes issue them (mf-catalog's api modules) and no JIT for
-- the dashboard functions.
-- Why: at 100,000 products no index matched an ordering, so every /products page sorted the whole
-- table (issue 17). Each index below is the exact ORDER BY of one call, ending with the id as the
-- remotes' orders do (so pages never overlap), which lets the planner read a page straight from the
-- index and stop at its limit:
--   /products "featured" (default)   in_stock desc, rating desc, id   (also the home page's featured,
--                                    in_stock = true order by rating desc)
--   /products price low / high      price, id  /  price desc, id
--   /products newest                created_at desc, id
--   /products rating / name         rating desc, id  /  name, id
--   the same in one category        category_id, then the sort (the category filter of /products)
--   category page                   category_id, created_at desc, id (and per subcategory)
-- The older two-column indexes these make redundant are dropped. Writes to products are rare (the back
-- office), so the extra indexes cost little.
-- JIT: on PostgreSQL the compile time of the chart functions' plans (about 170-200 ms at 200,000 orders)
-- outweighs what it saves; `set jit = off` on the function holds only while it runs. PGlite knows the
-- setting (and never compiles), so this migration is the same on both engines.

drop index if exists public.products_in_stock_rating_idx;
drop index if exists public.products_created_at_idx;
drop index if exists public.products_category_id_created_at_idx;
drop index if exists public.products_subcategory_id_idx;

create index products_featured_idx on public.products (in_stock desc, rating desc, id);
create index products_price_idx on public.products (price, id);
create index products_price_desc_idx on public.products (price desc, id);
create index products_newest_idx on public.products (created_at desc, id);
create index products_rating_idx on public.products (rating desc, id);
create index products_name_idx on public.products (name, id);

create index products_category_featured_idx on public.products (category_id, in_stock desc, rating desc, id);
create index products_category_price_idx on public.products (category_id, price, id);
create index products_category_price_desc_idx on public.products (category_id, price desc, id);
create index products_category_newest_idx on public.products (category_id, created_at desc, id);
create index products_subcategory_newest_idx on public.products (subcategory_id, created_at desc, id);

alter function public.admin_sales_overview(integer) set jit = off;
alter function public.admin_top_products(integer, integer) set jit = off;
alter function public.admin_dashboard_summary(integer) set jit = off;
