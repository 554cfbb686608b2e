-- Creates the shop's tables: the catalogue (categories, subcategories, products), the back-office
-- administrators (admin_users) and orders with their lines (order_items), as SCHEMA.md fixes them.
-- Why: every part of the shop codes against exactly these names; the check constraints keep the data
-- sane whoever writes it (non-negative money and stock, ratings 0..5, only the known roles,
-- permissions and statuses), deleting a category removes its subcategories and products, and the
-- indexes serve every query of SPEC section 7 and every column a row-level-security policy reads.

create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null default '',
  image_url text,
  created_at timestamptz not null default now(),
  constraint categories_slug_key unique (slug)
);

create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  description text not null default '',
  created_at timestamptz not null default now(),
  constraint subcategories_category_id_slug_key unique (category_id, slug)
);

create table public.products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  -- Set by the products_set_slug trigger: slugify(name) || '-' || id.
  slug text not null,
  price numeric(10, 2) not null check (price >= 0),
  original_price numeric(10, 2) check (original_price >= 0),
  description text not null,
  category_id uuid not null references public.categories (id) on delete cascade,
  subcategory_id uuid references public.subcategories (id) on delete set null,
  image_url text not null,
  images text[] not null default '{}',
  in_stock boolean not null default true,
  stock_count integer not null default 0 check (stock_count >= 0),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  features text[] not null default '{}',
  specifications jsonb not null default '{}' check (jsonb_typeof(specifications) = 'object'),
  tags text[] not null default '{}',
  -- Maintained by the products_set_search_text trigger for the trigram-indexed product search.
  search_text text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint products_slug_key unique (slug)
);

create table public.admin_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null default 'admin' check (role in ('admin', 'super_admin')),
  permissions text[] not null default '{products,categories,orders}' check (
    permissions <@ array['products', 'categories', 'orders', 'customers', 'analytics', 'settings',
      'admin_management']::text[]
    and array_position(permissions, null) is null
  ),
  active smallint not null default 1 check (active in (0, 1)),
  created_at timestamptz not null default now(),
  constraint admin_users_user_id_key unique (user_id)
);

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'shipped', 'completed', 'cancelled')),
  total_amount numeric(10, 2) not null check (total_amount >= 0),
  created_at timestamptz not null default now()
);

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid references public.products (id) on delete set null,
  product_name text not null,
  unit_price numeric(10, 2) not null check (unit_price >= 0),
  quantity integer not null check (quantity > 0),
  created_at timestamptz not null default now()
);

-- Storefront: categories by created_at (header, home), by name (filters); category page by slug
-- (unique index above).
create index categories_created_at_idx on public.categories (created_at);
create index categories_name_idx on public.categories (name);
create index categories_name_lower_trgm_idx on public.categories using gin (lower(name) extensions.gin_trgm_ops);

-- Subcategories by category (unique (category_id, slug) covers category_id and category page slugs);
-- admin form lists them by name.
create index subcategories_category_id_name_idx on public.subcategories (category_id, name);

-- Products: category pages and related products, subcategory pages, featured (in stock by rating),
-- newest-first lists, admin stock filters, and the case-insensitive name / text searches.
create index products_category_id_created_at_idx on public.products (category_id, created_at desc);
create index products_subcategory_id_idx on public.products (subcategory_id, created_at desc);
create index products_in_stock_rating_idx on public.products (in_stock, rating desc);
create index products_created_at_idx on public.products (created_at desc);
create index products_in_stock_stock_count_idx on public.products (in_stock, stock_count);
create index products_search_text_trgm_idx on public.products using gin (search_text extensions.gin_trgm_ops);
create index products_name_lower_trgm_idx on public.products using gin (lower(name) extensions.gin_trgm_ops);
create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);

-- admin_users(user_id) is indexed by its unique constraint (read by every policy through
-- is_active_admin / has_admin_permission); the administrators list is newest first.
create index admin_users_created_at_idx on public.admin_users (created_at desc);

-- Orders: owner policy, dashboard newest five and monthly figures; order lines by order and product.
create index orders_user_id_idx on public.orders (user_id);
create index orders_created_at_idx on public.orders (created_at desc);
create index order_items_order_id_idx on public.order_items (order_id);
create index order_items_product_id_idx on public.order_items (product_id);

comment on table public.categories is 'Top-level catalogue categories (Communication, Survival Gear, ...).';
comment on table public.subcategories is 'Second catalogue level; slug unique within its category.';
comment on table public.products is 'Catalogue products; slug and search_text are maintained by triggers.';
comment on table public.admin_users is
  'Back-office administrators: one row per auth user with role, permissions and active (1 or 0).';
comment on table public.orders is 'Customer orders (read by the admin dashboard; checkout writes them later).';
comment on table public.order_items is 'Order lines with the product name and unit price at the time of order.';
