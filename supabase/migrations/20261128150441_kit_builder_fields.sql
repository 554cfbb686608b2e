-- The kit builder's structured facts on products: what a product is for (supply_kind), servings and
-- kilocalories per unit, litres of water stored or made safe per unit, and person-days covered. Null means
-- not stated; the kit builder proposes a product only for a need it states.
alter table public.products
  add column supply_kind text check (
    supply_kind in ('water', 'food', 'light', 'power', 'first_aid', 'communication', 'shelter', 'tool')
  ),
  add column servings_per_unit integer check (servings_per_unit > 0),
  add column calories_per_unit integer check (calories_per_unit > 0),
  add column water_litres_per_unit numeric(10, 2) check (water_litres_per_unit > 0),
  add column person_days_per_unit numeric(6, 1) check (person_days_per_unit > 0);

comment on column public.products.supply_kind is
  'What the product is for in a preparedness kit (water, food, light, power, first_aid, communication, shelter, tool); null = not stated. Read by the kit builder.';
comment on column public.products.servings_per_unit is 'Servings one unit holds (food); null = not stated.';
comment on column public.products.calories_per_unit is
  'Kilocalories one unit holds in all (food); null = not stated. The kit builder covers the food need with it.';
comment on column public.products.water_litres_per_unit is
  'Litres of drinking water one unit stores or makes safe (water); null = not stated. The kit builder covers the water need with it.';
comment on column public.products.person_days_per_unit is
  'Days one person is covered by one unit, as its maker states it; null = not stated. Shown by the kit builder.';

create index products_supply_kind_idx on public.products (supply_kind, price) where supply_kind is not null;

-- product_listing is `select * from products`, whose columns are fixed when it is made: recreate it.
create or replace view public.product_listing with (security_invoker = false) as
  select * from public.products;
