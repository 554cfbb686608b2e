-- Local and development seed data for the ReadyStock shop (never applied to production).
-- Applied once on a new database by the local stack and by `supabase db reset`. It creates:
--   * accounts (email confirmed; bcrypt cost-10 hashes of these passwords, made once with pgcrypto's
--     crypt(password, gen_salt('bf', 10)) and written out: hashing 11 of them on every seed was a third
--     of the seed's time on PGlite):
--       demo@example.com / demo1234 (Jamie Carter, storefront demo customer)
--       customer@example.com / customer1234 (Sam Lee, plain customer)
--       admin@example.com / admin1234 (Alex Morgan, super_admin, all permissions)
--       inactive.admin@example.com / inactive1234 (Riley Brooks, deactivated admin)
--       orders.admin@example.com / orders1234 (Taylor Reed, admin with only the orders permission)
--       six more customers <first>.<last>@example.com / password123 who placed sample orders
--   * a prepper catalogue: 7 categories, 24 subcategories, 76 products, images served from the
--     `catalog` storage bucket (supabase/storage/catalog) under app.storage_url (default
--     http://127.0.0.1:54321, which is where `supabase start` serves storage too);
--   * 82 orders spread over the past 7 months relative to now(), for the admin dashboard, shaped as
--     place_order writes them (number, e-mail, totals from their lines, address, payment) with their
--     history in order_events (paid, started, shipped and delivered over days, in the shop's working
--     hours; orders weeks old are completed or cancelled, recent ones still pending or on their way);
--   * dated lots (product_lots) for a handful of food, water, battery and medical products;
--   * 2-6 approved reviews per product by the seeded customers; products.rating and review_count are
--     computed from them by the database (nothing typed in), verified_purchase from the orders.
-- Ids are fixed so tests and links stay stable between resets.

-- Accounts ---------------------------------------------------------------------------------------
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new,
  email_change, is_sso_user, is_anonymous
)
select
  '00000000-0000-0000-0000-000000000000'::uuid, v.id, 'authenticated', 'authenticated', v.email,
  v.password_hash, v.created_at,
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('sub', v.id::text, 'email', v.email, 'email_verified', true, 'phone_verified', false,
    'first_name', v.first_name, 'last_name', v.last_name, 'full_name', v.first_name || ' ' || v.last_name),
  v.created_at, v.created_at, '', '', '', '', false, false
from (values
  ('00000000-0000-4000-8000-000000000001'::uuid, 'demo@example.com', '$2a$10$8sL8GyC2WvwWBzySbgyOjOfNoxyt8LZ9inr33/Ug27209nmFds.zi', 'Jamie', 'Carter', now() - interval '240 days'),
  ('00000000-0000-4000-8000-000000000002'::uuid, 'customer@example.com', '$2a$10$sEyyvLWtUOfdkwAxf9H1XuuW4OKoSoJ5.LduZYy3t3w0jCu5mpj4S', 'Sam', 'Lee', now() - interval '239 days'),
  ('00000000-0000-4000-8000-000000000003'::uuid, 'admin@example.com', '$2a$10$YN.iVogWSqGTp3oMhZi7A.IYmlWHMLyhgESukrSekiUAQOOFbqsZ.', 'Alex', 'Morgan', now() - interval '238 days'),
  ('00000000-0000-4000-8000-000000000004'::uuid, 'inactive.admin@example.com', '$2a$10$t54SvkK4co6jr91MELUaoeIbdymrpwZEwcdnxbj6D1HgtVRFMunuS', 'Riley', 'Brooks', now() - interval '237 days'),
  ('00000000-0000-4000-8000-000000000005'::uuid, 'orders.admin@example.com', '$2a$10$YYAT5MgWsNldRclNaLaLcuDysm88uht90MogjU14tMXiedBbDBIHK', 'Taylor', 'Reed', now() - interval '236 days'),
  ('00000000-0000-4000-8000-000000000011'::uuid, 'jordan.hayes@example.com', '$2a$10$.GmFN2aZap2GPTrt.2NfNelubMj6Ic4Jke9/r24aezFUwpnkXQF8y', 'Jordan', 'Hayes', now() - interval '235 days'),
  ('00000000-0000-4000-8000-000000000012'::uuid, 'priya.patel@example.com', '$2a$10$.GmFN2aZap2GPTrt.2NfNelubMj6Ic4Jke9/r24aezFUwpnkXQF8y', 'Priya', 'Patel', now() - interval '234 days'),
  ('00000000-0000-4000-8000-000000000013'::uuid, 'marcus.bell@example.com', '$2a$10$.GmFN2aZap2GPTrt.2NfNelubMj6Ic4Jke9/r24aezFUwpnkXQF8y', 'Marcus', 'Bell', now() - interval '233 days'),
  ('00000000-0000-4000-8000-000000000014'::uuid, 'elena.ruiz@example.com', '$2a$10$.GmFN2aZap2GPTrt.2NfNelubMj6Ic4Jke9/r24aezFUwpnkXQF8y', 'Elena', 'Ruiz', now() - interval '232 days'),
  ('00000000-0000-4000-8000-000000000015'::uuid, 'owen.fischer@example.com', '$2a$10$.GmFN2aZap2GPTrt.2NfNelubMj6Ic4Jke9/r24aezFUwpnkXQF8y', 'Owen', 'Fischer', now() - interval '231 days'),
  ('00000000-0000-4000-8000-000000000016'::uuid, 'grace.kim@example.com', '$2a$10$.GmFN2aZap2GPTrt.2NfNelubMj6Ic4Jke9/r24aezFUwpnkXQF8y', 'Grace', 'Kim', now() - interval '230 days')
) as v (id, email, password_hash, first_name, last_name, created_at);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', null, u.created_at, u.created_at
from auth.users u
where u.id in ('00000000-0000-4000-8000-000000000001'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, '00000000-0000-4000-8000-000000000003'::uuid, '00000000-0000-4000-8000-000000000004'::uuid, '00000000-0000-4000-8000-000000000005'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, '00000000-0000-4000-8000-000000000016'::uuid);

insert into public.admin_users (id, user_id, role, permissions, active, created_at) values
  ('00000000-0000-4000-a000-000000000003', '00000000-0000-4000-8000-000000000003', 'super_admin',
    '{products,categories,orders,customers,analytics,settings,admin_management}', 1, now() - interval '237 days'),
  ('00000000-0000-4000-a000-000000000004', '00000000-0000-4000-8000-000000000004', 'admin',
    '{products,categories,orders}', 0, now() - interval '236 days'),
  ('00000000-0000-4000-a000-000000000005', '00000000-0000-4000-8000-000000000005', 'admin',
    '{orders}', 1, now() - interval '235 days');

-- Catalogue ------------------------------------------------------------------------------------
with base as (
  select coalesce(nullif(current_setting('app.storage_url', true), ''), 'http://127.0.0.1:54321') as url
)
insert into public.categories (id, name, slug, description, image_url, created_at)
select * from (values
  ('ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'Communication', 'communication', 'Stay connected when the grid and cell networks are down: satellite phones, two-way radios and emergency receivers.', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg', now() - interval '220 days' + interval '0 hours'),
  ('3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'Survival Gear', 'survival-gear', 'Field-proven tools for shelter, fire, navigation and everyday carry.', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg', now() - interval '220 days' + interval '1 hours'),
  ('9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'Food Storage', 'food-storage', 'Long shelf-life meals, staples and containers for a deep, rotating pantry.', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg', now() - interval '220 days' + interval '2 hours'),
  ('2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'Power Solutions', 'power-solutions', 'Keep lights, radios and medical devices running through outages.', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg', now() - interval '220 days' + interval '3 hours'),
  ('bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'First Aid & Medical', 'first-aid-medical', 'Kits and supplies to treat injuries when help is hours away.', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg', now() - interval '220 days' + interval '4 hours'),
  ('90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'Water & Filtration', 'water-filtration', 'Filter, purify and store safe drinking water.', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg', now() - interval '220 days' + interval '5 hours'),
  ('78580ecb-20fb-5765-8856-29da75854ddb'::uuid, 'Lighting', 'lighting', 'Flashlights, headlamps and lanterns for when the power fails.', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg', now() - interval '220 days' + interval '6 hours')
) as v;

with base as (
  select coalesce(nullif(current_setting('app.storage_url', true), ''), 'http://127.0.0.1:54321') as url
)
insert into public.subcategories (id, category_id, name, slug, description, image_url, created_at)
select * from (values
  ('58103a68-fcaf-5818-91bc-e86d0a2a9527'::uuid, 'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'Satellite Phones', 'satellite-phones', 'Voice and text anywhere on earth through satellite networks, no cell tower needed.', (select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', now() - interval '219 days' + interval '0 hours' + interval '0 minutes'),
  ('94675381-6ab0-564a-9d99-b0c697e45800'::uuid, 'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'Two-Way Radios', 'two-way-radios', 'GMRS, FRS and ham handhelds for talking to your group across town or across the valley.', (select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', now() - interval '219 days' + interval '0 hours' + interval '1 minutes'),
  ('be7b761f-f4f5-5255-9209-123655d6c3f6'::uuid, 'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'Emergency Radios', 'emergency-radios', 'NOAA weather and AM/FM receivers with hand-crank and solar charging.', (select url from base) || '/storage/v1/object/public/catalog/weather-radio.svg', now() - interval '219 days' + interval '0 hours' + interval '2 minutes'),
  ('24cda625-e515-5359-9fa2-9a706e056392'::uuid, 'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'Satellite Messengers', 'satellite-messengers', 'Pocket-sized two-way texting, tracking and SOS over satellite.', (select url from base) || '/storage/v1/object/public/catalog/satellite-messenger.svg', now() - interval '219 days' + interval '0 hours' + interval '3 minutes'),
  ('00caee01-0754-5ab1-b94b-97015836b253'::uuid, '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'Multi-Tools & Knives', 'multi-tools-knives', 'Pliers, blades and saws that earn their place on your belt or in your pack.', (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', now() - interval '219 days' + interval '1 hours' + interval '0 minutes'),
  ('eedbfcb8-df36-5442-ae34-022b8599c78f'::uuid, '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'Fire Starting', 'fire-starting', 'Ferro rods, storm matches and tinder that light in wind and rain.', (select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', now() - interval '219 days' + interval '1 hours' + interval '1 minutes'),
  ('30fa1589-9d9b-564e-96a4-c211cc8e35d0'::uuid, '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'Shelter & Sleeping', 'shelter-sleeping', 'Tents, tarps, bivvies and sleeping bags for nights away from home.', (select url from base) || '/storage/v1/object/public/catalog/bivvy.svg', now() - interval '219 days' + interval '1 hours' + interval '2 minutes'),
  ('21ab0de7-3922-5cea-8d08-4ec1606c80ae'::uuid, '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'Navigation', 'navigation', 'Compasses, maps and signalling gear for finding your way without GPS.', (select url from base) || '/storage/v1/object/public/catalog/compass.svg', now() - interval '219 days' + interval '1 hours' + interval '3 minutes'),
  ('c141f031-5f9f-5cbf-a36c-9cdeb3f72306'::uuid, '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'Freeze-Dried Meals', 'freeze-dried-meals', 'Just-add-water entrees and breakfasts with 25-year shelf lives.', (select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', now() - interval '219 days' + interval '2 hours' + interval '0 minutes'),
  ('859b2957-4562-5220-9de9-943c1bc1eed2'::uuid, '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'Long-Term Staples', 'long-term-staples', 'Rice, beans, wheat and powdered basics packed for decades of storage.', (select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', now() - interval '219 days' + interval '2 hours' + interval '1 minutes'),
  ('3aeecb5f-4ab7-52fe-83a9-088ca255cacb'::uuid, '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'Emergency Rations', 'emergency-rations', 'Compact, calorie-dense ration bars for go-bags and vehicles.', (select url from base) || '/storage/v1/object/public/catalog/ration-bar.svg', now() - interval '219 days' + interval '2 hours' + interval '2 minutes'),
  ('931112dd-2b7e-54ab-9abc-49789ddbc0a5'::uuid, '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'Storage Containers', 'storage-containers', 'Buckets, Mylar bags and oxygen absorbers to pack your own food.', (select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', now() - interval '219 days' + interval '2 hours' + interval '3 minutes'),
  ('1e39d3a9-b9df-5d81-85a6-36c59dfb953d'::uuid, '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'Portable Power Stations', 'power-stations', 'Lithium battery generators with AC, USB and 12 V outputs.', (select url from base) || '/storage/v1/object/public/catalog/power-station.svg', now() - interval '219 days' + interval '3 hours' + interval '0 minutes'),
  ('e849abec-b766-508c-a791-f4ae0dcd5b76'::uuid, '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'Solar Panels', 'solar-panels', 'Folding and rigid panels to recharge from the sun.', (select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', now() - interval '219 days' + interval '3 hours' + interval '1 minutes'),
  ('38aa9b57-1853-522a-b899-b8fc06f3588b'::uuid, '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'Batteries & Chargers', 'batteries-chargers', 'Rechargeable cells, power banks and hand-crank chargers.', (select url from base) || '/storage/v1/object/public/catalog/power-bank.svg', now() - interval '219 days' + interval '3 hours' + interval '2 minutes'),
  ('ec686496-d5d7-5071-9869-008e53d0d632'::uuid, 'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'First Aid Kits', 'first-aid-kits', 'Complete kits for home, vehicle and trail.', (select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', now() - interval '219 days' + interval '4 hours' + interval '0 minutes'),
  ('a190cfa8-8287-5514-9104-bfc989a84012'::uuid, 'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'Trauma Supplies', 'trauma-supplies', 'Tourniquets, hemostatic gauze and pressure dressings for serious bleeding.', (select url from base) || '/storage/v1/object/public/catalog/tourniquet.svg', now() - interval '219 days' + interval '4 hours' + interval '1 minutes'),
  ('03ba0b02-e5b0-5412-9272-e21084d63821'::uuid, 'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'Medications & Hygiene', 'medications-hygiene', 'Over-the-counter essentials, sanitation and personal care.', (select url from base) || '/storage/v1/object/public/catalog/medicine.svg', now() - interval '219 days' + interval '4 hours' + interval '2 minutes'),
  ('b12b7b77-8cd9-58f6-93ad-7ea733ff0d08'::uuid, '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'Water Filters', 'water-filters', 'Personal straws, gravity systems and countertop filters.', (select url from base) || '/storage/v1/object/public/catalog/water-straw.svg', now() - interval '219 days' + interval '5 hours' + interval '0 minutes'),
  ('1bfa1915-efba-5663-863b-fae59138ecb7'::uuid, '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'Purification', 'purification', 'Tablets, drops and UV purifiers that kill viruses and bacteria.', (select url from base) || '/storage/v1/object/public/catalog/tablets.svg', now() - interval '219 days' + interval '5 hours' + interval '1 minutes'),
  ('ef1ad07e-5590-5cf0-940a-b516675b9a3a'::uuid, '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'Water Storage', 'water-storage', 'Jerrycans, barrels and bladders for storing clean water.', (select url from base) || '/storage/v1/object/public/catalog/water-container.svg', now() - interval '219 days' + interval '5 hours' + interval '2 minutes'),
  ('2c423409-c723-5a76-aead-7b85ee62f33d'::uuid, '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, 'Flashlights', 'flashlights', 'Tough handheld lights from pocket to tactical.', (select url from base) || '/storage/v1/object/public/catalog/flashlight.svg', now() - interval '219 days' + interval '6 hours' + interval '0 minutes'),
  ('29006b59-1c4b-5eab-82f3-44690ad89e6d'::uuid, '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, 'Headlamps', 'headlamps', 'Hands-free light for chores, repairs and night walks.', (select url from base) || '/storage/v1/object/public/catalog/headlamp.svg', now() - interval '219 days' + interval '6 hours' + interval '1 minutes'),
  ('c4d3e54e-11fd-5ccc-8db1-b6a9190c084f'::uuid, '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, 'Lanterns', 'lanterns', 'Area light for a room, tent or campsite.', (select url from base) || '/storage/v1/object/public/catalog/lantern.svg', now() - interval '219 days' + interval '6 hours' + interval '2 minutes')
) as v;

with base as (
  select coalesce(nullif(current_setting('app.storage_url', true), ''), 'http://127.0.0.1:54321') as url
)
insert into public.products (
  id, name, price, original_price, description, category_id, subcategory_id, image_url, images,
  in_stock, stock_count, features, specifications, tags, created_at
)
select v.id, v.name, v.price, v.original_price, v.description, v.category_id, v.subcategory_id, v.image_url,
  v.images, v.in_stock, v.stock_count, v.features, v.specifications, v.tags,
  v.created_at
from (values
  ('72feb2b6-4c9e-5a47-8f8a-74808c568663'::uuid, 'Iridium Extreme 9575 Satellite Phone', 1299.00, 1449.00, 'The most rugged satellite phone on the market, with pole-to-pole coverage and a dedicated SOS button that sends your GPS position to rescuers.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '58103a68-fcaf-5818-91bc-e86d0a2a9527'::uuid, (select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', array[(select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 14, array['Truly global coverage on the Iridium network', 'Programmable SOS button with GPS location', 'IP65 dust and water resistance', 'Up to 4 hours talk time', 'Rugged MIL-STD 810F build']::text[],
    '{"Network": "Iridium", "Talk time": "4 hours", "Standby": "30 hours", "Weight": "247 g", "Ingress protection": "IP65"}'::jsonb, array['satellite phone', 'sos', 'iridium', 'off-grid communication']::text[], now() - interval '266400 minutes'),
  ('9ea8fef8-335e-5d8c-bf2d-0b997da49f78'::uuid, 'Inmarsat IsatPhone 2 Satellite Phone', 849.00, null::numeric, 'Reliable satellite voice and text with the longest battery life in its class, ideal for extended trips and home emergency kits.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '58103a68-fcaf-5818-91bc-e86d0a2a9527'::uuid, (select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', array[(select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 22, array['Up to 8 hours talk time and 160 hours standby', 'Bluetooth hands-free', 'Assistance button with GPS tracking', 'Works in extreme temperatures']::text[],
    '{"Network": "Inmarsat", "Talk time": "8 hours", "Standby": "160 hours", "Weight": "318 g"}'::jsonb, array['satellite phone', 'inmarsat', 'long battery']::text[], now() - interval '216000 minutes'),
  ('c9bd8429-34df-55b0-8e06-680a95bdd18b'::uuid, 'Thuraya X5-Touch Satellite Smartphone', 1549.00, 1699.00, 'A full Android smartphone that switches to satellite when the cell network disappears.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '58103a68-fcaf-5818-91bc-e86d0a2a9527'::uuid, (select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', array[(select url from base) || '/storage/v1/object/public/catalog/satellite-phone.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 6, array['Dual-mode satellite and 4G Android phone', '5.2 inch Gorilla Glass touchscreen', 'Dual SIM', 'SOS key', 'IP67 rated']::text[],
    '{"Network": "Thuraya / GSM", "Screen": "5.2 in", "Battery": "3400 mAh", "Ingress protection": "IP67", "OS": "Android"}'::jsonb, array['satellite phone', 'smartphone', 'dual mode']::text[], now() - interval '140400 minutes'),
  ('5ab0a60d-3a88-5a1a-8941-e28d9e23201c'::uuid, 'Midland GXT1000 Two-Way Radio Pair', 89.99, 109.99, 'A pair of long-range GMRS radios with weather alerts so your family can stay in touch when phones are down.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '94675381-6ab0-564a-9d99-b0c697e45800'::uuid, (select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', array[(select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 48, array['50 GMRS channels with up to 36 mile range', 'NOAA weather alerts', 'Waterproof JIS4 rating', 'Silent operation mode', 'Rechargeable battery packs included']::text[],
    '{"Channels": "50", "Range": "Up to 36 miles", "Power": "5 W", "Batteries": "NiMH, rechargeable", "Pack size": "2 radios"}'::jsonb, array['two-way radio', 'walkie talkie', 'gmrs', 'weather alert']::text[], now() - interval '90000 minutes'),
  ('0b056794-753e-51df-bd2a-0d94d47239b1'::uuid, 'Baofeng UV-5R Dual-Band Radio', 34.99, null::numeric, 'The popular entry-level dual-band handheld for licensed amateur operators and scanner listening.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '94675381-6ab0-564a-9d99-b0c697e45800'::uuid, (select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', array[(select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 120, array['VHF and UHF dual band', '128 memory channels', 'FM broadcast receiver', 'Built-in flashlight', '1800 mAh battery']::text[],
    '{"Frequency": "136-174 / 400-520 MHz", "Power": "5 W", "Channels": "128", "Battery": "1800 mAh"}'::jsonb, array['two-way radio', 'dual-band radio', 'ham radio', 'vhf uhf']::text[], now() - interval '57600 minutes'),
  ('3b9b5083-d1dc-58eb-83df-d209560328b3'::uuid, 'Motorola Talkabout T470 Radio Twin Pack', 79.99, null::numeric, 'Simple, reliable family radios with weather alerts and an emergency alert tone.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '94675381-6ab0-564a-9d99-b0c697e45800'::uuid, (select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', array[(select url from base) || '/storage/v1/object/public/catalog/two-way-radio.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    false, 0, array['22 channels with 121 privacy codes', 'NOAA weather alerts', 'IPX4 splash proof', 'Emergency alert button', 'Built-in flashlight']::text[],
    '{"Channels": "22", "Range": "Up to 35 miles", "Ingress protection": "IPX4", "Pack size": "2 radios"}'::jsonb, array['two-way radio', 'walkie talkie', 'frs']::text[], now() - interval '79200 minutes'),
  ('337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'Eton FRX5-BT Hand-Crank Weather Radio', 79.99, 99.99, 'An all-in-one emergency radio that keeps you informed and your phone charged when the power is out.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'be7b761f-f4f5-5255-9209-123655d6c3f6'::uuid, (select url from base) || '/storage/v1/object/public/catalog/weather-radio.svg', array[(select url from base) || '/storage/v1/object/public/catalog/weather-radio.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 37, array['NOAA weather alert with all 7 channels', 'Hand crank, solar and USB charging', 'Phone charging USB port', 'LED flashlight and red beacon', 'Bluetooth speaker']::text[],
    '{"Bands": "AM / FM / NOAA", "Battery": "2600 mAh Li-ion", "Charging": "Crank, solar, USB", "Weight": "590 g"}'::jsonb, array['emergency radio', 'weather radio', 'hand crank', 'noaa']::text[], now() - interval '28800 minutes'),
  ('f455bfbe-38dc-51b6-a598-d572b7dc1623'::uuid, 'Kaito KA500 Solar Crank Radio', 49.99, null::numeric, 'Five ways to power it and five bands to listen on: the classic preparedness radio.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, 'be7b761f-f4f5-5255-9209-123655d6c3f6'::uuid, (select url from base) || '/storage/v1/object/public/catalog/weather-radio.svg', array[(select url from base) || '/storage/v1/object/public/catalog/weather-radio.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 8, array['Five power sources', 'AM, FM, shortwave and NOAA bands', 'Reading lamp and flashlight', 'Cell phone charger']::text[],
    '{"Bands": "AM / FM / SW1-2 / NOAA", "Charging": "Solar, crank, USB, AC, AA", "Weight": "500 g"}'::jsonb, array['emergency radio', 'shortwave', 'solar', 'hand crank']::text[], now() - interval '46800 minutes'),
  ('fe052a2d-1e15-548a-a1cc-5c0871dd7fa0'::uuid, 'Garmin inReach Mini 2 Satellite Communicator', 399.99, 449.99, 'A pocket satellite communicator for texting and SOS anywhere, with tracking your family can follow.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '24cda625-e515-5359-9fa2-9a706e056392'::uuid, (select url from base) || '/storage/v1/object/public/catalog/satellite-messenger.svg', array[(select url from base) || '/storage/v1/object/public/catalog/satellite-messenger.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 19, array['Two-way satellite messaging', 'Interactive SOS to a 24/7 response center', 'TracBack routing', 'Up to 14 days battery life', 'Pairs with your phone']::text[],
    '{"Network": "Iridium", "Battery": "Up to 14 days", "Weight": "100 g", "Ingress protection": "IPX7"}'::jsonb, array['satellite communicator', 'satellite messenger', 'sos', 'gps tracking']::text[], now() - interval '147600 minutes'),
  ('200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'ZOLEO Satellite Messenger', 199.99, null::numeric, 'Seamless messaging that switches between cellular, Wi-Fi and satellite so a message always gets through.',
    'ae07a855-2f83-50c8-a3be-c3269811e8b0'::uuid, '24cda625-e515-5359-9fa2-9a706e056392'::uuid, (select url from base) || '/storage/v1/object/public/catalog/satellite-messenger.svg', array[(select url from base) || '/storage/v1/object/public/catalog/satellite-messenger.svg', (select url from base) || '/storage/v1/object/public/catalog/category-communication.svg'],
    true, 26, array['Dedicated global phone number for SMS and email', 'SOS alerting with GEOS', 'Check-in button', '200+ hours battery']::text[],
    '{"Network": "Iridium", "Battery": "200+ hours", "Weight": "150 g", "Ingress protection": "IP68"}'::jsonb, array['satellite messenger', 'satellite communicator', 'sos']::text[], now() - interval '32400 minutes'),
  ('9bf7d387-cabe-5723-9931-462d3163b4d5'::uuid, 'Leatherman Wave+ Multi-Tool', 119.95, null::numeric, 'The legendary full-size multi-tool with one-hand access to its knives, saw and file.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', array[(select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 64, array['18 tools including pliers, wire cutters and saw', 'One-hand opening outside blades', 'Replaceable wire cutters', '25-year warranty', 'Nylon sheath included']::text[],
    '{"Tools": "18", "Blade length": "7.4 cm", "Weight": "241 g", "Material": "Stainless steel"}'::jsonb, array['multi-tool', 'pliers', 'edc', 'leatherman']::text[], now() - interval '234000 minutes'),
  ('fe3eb712-e4bf-53f9-93c0-5c170e6072d8'::uuid, 'Gerber Suspension-NXT Multi-Tool', 44.99, 54.99, 'A lightweight, clip-on multi-tool with spring-loaded pliers and every essential.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', array[(select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 80, array['15 tools', 'Spring-loaded pliers', 'Pocket clip', 'Partially serrated blade']::text[],
    '{"Tools": "15", "Weight": "195 g", "Closed length": "10.7 cm"}'::jsonb, array['multi-tool', 'pliers', 'budget']::text[], now() - interval '61200 minutes'),
  ('7daf33c4-af13-576d-b2a3-ec755ecf5a3d'::uuid, 'Victorinox SwissChamp Pocket Knife', 99.00, null::numeric, 'The classic Swiss Army Knife with 33 functions for every small job.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 41, array['33 functions', 'Magnifying glass and pen', 'Scissors and wood saw', 'Swiss made']::text[],
    '{"Functions": "33", "Length": "91 mm", "Weight": "185 g"}'::jsonb, array['pocket knife', 'multi-tool', 'swiss army knife']::text[], now() - interval '39600 minutes'),
  ('ecdacc66-7f04-5086-b31b-98c3c54be222'::uuid, 'Morakniv Garberg Survival Knife', 89.99, 109.99, 'A full-tang bushcraft knife built to baton wood and strike a ferro rod.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 9, array['Full-tang 3.2 mm Sandvik steel blade', 'Spine ground for ferro rods', 'Multi-mount sheath', 'Fire starter included']::text[],
    '{"Blade length": "10.9 cm", "Blade steel": "Sandvik 14C28N", "Weight": "272 g"}'::jsonb, array['survival knife', 'bushcraft', 'fire starter']::text[], now() - interval '230400 minutes'),
  ('49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'SOG PowerAccess Deluxe Multi-Tool', 69.95, null::numeric, 'Gear-driven pliers that double your grip, plus 20 locking tools.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', array[(select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 33, array['21 tools with compound-leverage pliers', 'Locking blades', 'Bit driver with hex bits', 'Ballistic nylon sheath']::text[],
    '{"Tools": "21", "Weight": "238 g", "Material": "Stainless steel"}'::jsonb, array['multi-tool', 'pliers']::text[], now() - interval '104400 minutes'),
  ('41b58a67-586b-558f-98fc-4d4285d26ba2'::uuid, 'Ka-Bar Becker BK2 Campanion', 94.95, null::numeric, 'An almost indestructible fixed blade for camp chores and heavy work.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    false, 0, array['Thick 1095 carbon steel blade', 'Ultramid handle scales', 'Hard-shell sheath', 'Built for chopping and prying']::text[],
    '{"Blade length": "13.3 cm", "Blade thickness": "6.4 mm", "Weight": "454 g"}'::jsonb, array['survival knife', 'fixed blade']::text[], now() - interval '75600 minutes'),
  ('6e1e0c3b-e99a-5cff-b3e5-bf7d7af9d016'::uuid, 'Leatherman Skeletool Multi-Tool', 79.95, 89.95, 'A skeletonized multi-tool that keeps only what you use every day.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', array[(select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 27, array['7 tools in a 142 g frame', 'Bit driver and carabiner', 'Pocket clip', 'Bottle opener']::text[],
    '{"Tools": "7", "Weight": "142 g", "Blade length": "6.6 cm"}'::jsonb, array['multi-tool', 'edc', 'lightweight']::text[], now() - interval '262800 minutes'),
  ('bce39ac5-236c-5083-98b5-c0ab92ed3019'::uuid, 'Benchmade Bugout Folding Knife', 169.00, null::numeric, 'An ultralight everyday folder with premium steel and a rock-solid lock.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 5, array['S30V steel drop-point blade', 'AXIS lock', 'Only 52 g', 'Deep-carry pocket clip']::text[],
    '{"Blade length": "8.2 cm", "Blade steel": "CPM-S30V", "Weight": "52 g"}'::jsonb, array['pocket knife', 'edc', 'lightweight']::text[], now() - interval '201600 minutes'),
  ('b776fc96-fd08-5f9a-ba93-e923058b8c0e'::uuid, 'Gerber Bear Grylls Ultimate Knife', 54.99, 64.99, 'A survival knife with the fire steel, whistle and sharpener already in the sheath.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 58, array['Partially serrated blade', 'Ferro rod and sharpener in sheath', 'Emergency whistle', 'Survival guide']::text[],
    '{"Blade length": "12.2 cm", "Weight": "320 g"}'::jsonb, array['survival knife', 'fire starter', 'whistle']::text[], now() - interval '151200 minutes'),
  ('19ed066f-7dc2-576a-9f47-dca95471f40b'::uuid, 'Leatherman Signal Multi-Tool', 129.95, null::numeric, 'The outdoor multi-tool with a built-in fire starter, whistle and hammer.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', array[(select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 18, array['19 tools including ferro rod and whistle', 'Hammer and awl', 'Diamond sharpener', 'Carabiner']::text[],
    '{"Tools": "19", "Weight": "212 g"}'::jsonb, array['multi-tool', 'fire starter', 'outdoor']::text[], now() - interval '21600 minutes'),
  ('10816312-7b14-5cd6-b82e-2929e75c51df'::uuid, 'Opinel No.8 Carbon Folding Knife', 19.90, null::numeric, 'A timeless French folding knife that sharpens easily in the field.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 95, array['Carbon steel blade', 'Beech wood handle', 'Virobloc safety ring', 'Made in France']::text[],
    '{"Blade length": "8.5 cm", "Weight": "45 g"}'::jsonb, array['pocket knife', 'budget']::text[], now() - interval '187200 minutes'),
  ('5b4a81e9-d2de-5a5e-ae5c-6a952cca457f'::uuid, 'Schrade SCHF9 Survival Knife', 39.99, 49.99, 'A big, affordable survival knife for chopping, batoning and camp work.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/survival-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 3, array['High-carbon steel blade', 'TPE handle', 'Nylon sheath with pouch', 'Thick spine for batoning']::text[],
    '{"Blade length": "16.4 cm", "Weight": "400 g"}'::jsonb, array['survival knife', 'fixed blade', 'budget']::text[], now() - interval '288000 minutes'),
  ('63190873-80ca-5a96-8b2c-ccdf0dd21f0d'::uuid, 'Multitasker Tactical Multi-Tool', 59.99, null::numeric, 'A multi-tool designed for maintaining firearms and gear in the field.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', array[(select url from base) || '/storage/v1/object/public/catalog/multi-tool.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 12, array['AR-15 maintenance tools', 'Carbon scraper', 'Bit holder', 'Wire cutters']::text[],
    '{"Tools": "20", "Weight": "227 g"}'::jsonb, array['multi-tool', 'tactical']::text[], now() - interval '205200 minutes'),
  ('ccf39422-5512-5275-a241-d22261a35f7e'::uuid, 'Victorinox Hunter Pro Folding Knife', 69.00, null::numeric, 'A sturdy one-hand folding knife for hunting and outdoor use.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '00caee01-0754-5ab1-b94b-97015836b253'::uuid, (select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', array[(select url from base) || '/storage/v1/object/public/catalog/pocket-knife.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 21, array['One-hand opening', 'Liner lock', 'Lanyard and belt pouch', 'Swiss made']::text[],
    '{"Blade length": "10 cm", "Weight": "128 g"}'::jsonb, array['pocket knife', 'hunting']::text[], now() - interval '259200 minutes'),
  ('7e4a41a0-fafb-5df6-94d2-2deca5ce151b'::uuid, 'UST BlastMatch Fire Starter', 14.99, null::numeric, 'Light a fire with one hand, even in wet and windy conditions.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'eedbfcb8-df36-5442-ae34-022b8599c78f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', array[(select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 140, array['One-handed operation', 'Works when wet', 'Thousands of strikes', 'Spring-loaded ferro rod']::text[],
    '{"Strikes": "~3000", "Weight": "82 g"}'::jsonb, array['fire starter', 'ferro rod', 'one-handed']::text[], now() - interval '270000 minutes'),
  ('d0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 34.95, 'A pocket ferro rod with the striker built into the case.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'eedbfcb8-df36-5442-ae34-022b8599c78f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', array[(select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 44, array['Waterproof aluminium body', 'Replaceable ferro rod', 'Keychain size']::text[],
    '{"Length": "8.9 cm", "Weight": "23 g"}'::jsonb, array['fire starter', 'ferro rod', 'edc']::text[], now() - interval '129600 minutes'),
  ('64358748-d179-520b-8b70-adc537b70706'::uuid, 'UCO Stormproof Match Kit', 9.99, null::numeric, 'Matches that relight after being dunked in water, in a floating waterproof case.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'eedbfcb8-df36-5442-ae34-022b8599c78f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/matches.svg', array[(select url from base) || '/storage/v1/object/public/catalog/matches.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 230, array['25 stormproof matches', 'Burns 15 seconds, even under water', 'Waterproof case', '3 strikers']::text[],
    '{"Matches": "25", "Burn time": "15 s"}'::jsonb, array['fire starter', 'matches', 'stormproof']::text[], now() - interval '68400 minutes'),
  ('afafe0e2-1c7e-5e6a-944c-bb7782345b41'::uuid, 'Fire Tinder Tabs (48 pack)', 12.49, null::numeric, 'Tinder tabs that catch a single spark and burn long enough to start damp wood.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'eedbfcb8-df36-5442-ae34-022b8599c78f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', array[(select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    false, 0, array['Lights from a single spark', 'Burns 3-4 minutes', 'Non-toxic', 'Individually wrapped']::text[],
    '{"Count": "48", "Burn time": "3-4 min"}'::jsonb, array['fire starter', 'tinder']::text[], now() - interval '54000 minutes'),
  ('463dbe4a-f90a-5370-b1e7-7ad65080ac87'::uuid, 'Zippo Emergency Fire Starter', 12.95, null::numeric, 'A sealed capsule with a flint wheel and waxed tinder for emergencies.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, 'eedbfcb8-df36-5442-ae34-022b8599c78f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', array[(select url from base) || '/storage/v1/object/public/catalog/fire-starter.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 7, array['Flint wheel ignition', 'Water-resistant O-ring seal', '5 waxed tinder sticks']::text[],
    '{"Weight": "34 g"}'::jsonb, array['fire starter', 'tinder']::text[], now() - interval '280800 minutes'),
  ('8a231a88-b454-5e62-814a-b2567610bedd'::uuid, 'SOL Escape Emergency Bivvy', 59.95, 69.95, 'A breathable, reflective bivvy sack that keeps you warm through a night you did not plan for.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '30fa1589-9d9b-564e-96a4-c211cc8e35d0'::uuid, (select url from base) || '/storage/v1/object/public/catalog/bivvy.svg', array[(select url from base) || '/storage/v1/object/public/catalog/bivvy.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 52, array['Breathable fabric reflects 70 percent of body heat', 'Waterproof seams', 'Only 240 g', 'Bright orange for visibility']::text[],
    '{"Weight": "240 g", "Size": "213 x 81 cm"}'::jsonb, array['emergency shelter', 'bivvy', 'space blanket']::text[], now() - interval '212400 minutes'),
  ('2d0b88ec-b8e4-55c7-b204-777cf04ec6a7'::uuid, 'Kelty Tempest 2-Person Tent', 229.95, null::numeric, 'A roomy, easy-pitch two-person tent for bug-out bags and camping trips.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '30fa1589-9d9b-564e-96a4-c211cc8e35d0'::uuid, (select url from base) || '/storage/v1/object/public/catalog/tent.svg', array[(select url from base) || '/storage/v1/object/public/catalog/tent.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 11, array['Two doors and vestibules', 'Freestanding aluminium poles', 'Full rain fly', '3-season design']::text[],
    '{"Capacity": "2 people", "Weight": "2.3 kg", "Seasons": "3"}'::jsonb, array['tent', 'shelter', 'camping']::text[], now() - interval '183600 minutes'),
  ('e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'Teton Sports Celsius Sleeping Bag', 64.99, 79.99, 'A warm, roomy sleeping bag for cold nights and unheated homes.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '30fa1589-9d9b-564e-96a4-c211cc8e35d0'::uuid, (select url from base) || '/storage/v1/object/public/catalog/sleeping-bag.svg', array[(select url from base) || '/storage/v1/object/public/catalog/sleeping-bag.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    false, 0, array['Rated to -18 C', 'Fleece-lined hood', 'Compression sack included', 'Draft tube along zipper']::text[],
    '{"Temperature rating": "-18 C", "Weight": "2.1 kg"}'::jsonb, array['sleeping bag', 'cold weather']::text[], now() - interval '190800 minutes'),
  ('b59c9ce0-c453-5cb4-a143-567687b136fb'::uuid, 'Aqua Quest Defender Tarp 3x3 m', 79.00, null::numeric, 'A heavy-duty waterproof tarp for emergency shelter, rain cover or ground sheet.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '30fa1589-9d9b-564e-96a4-c211cc8e35d0'::uuid, (select url from base) || '/storage/v1/object/public/catalog/tarp.svg', array[(select url from base) || '/storage/v1/object/public/catalog/tarp.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 30, array['100 percent waterproof', '19 reinforced tie-outs', 'Heavy-duty 70D nylon']::text[],
    '{"Size": "3 x 3 m", "Weight": "860 g"}'::jsonb, array['tarp', 'shelter']::text[], now() - interval '194400 minutes'),
  ('b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, null::numeric, 'A professional sighting compass for precise navigation without batteries.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '21ab0de7-3922-5cea-8d08-4ec1606c80ae'::uuid, (select url from base) || '/storage/v1/object/public/catalog/compass.svg', array[(select url from base) || '/storage/v1/object/public/catalog/compass.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 24, array['Sighting mirror for accurate bearings', 'Adjustable declination', 'Global needle', 'Clinometer']::text[],
    '{"Accuracy": "0.5 degree", "Weight": "75 g"}'::jsonb, array['compass', 'navigation', 'map and compass']::text[], now() - interval '219600 minutes'),
  ('029f3e4a-7e08-57e6-9396-f8782b31f787'::uuid, 'Cammenga Tritium Lensatic Compass', 109.99, 124.99, 'The US military issue lensatic compass with self-luminous tritium markings.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '21ab0de7-3922-5cea-8d08-4ec1606c80ae'::uuid, (select url from base) || '/storage/v1/object/public/catalog/compass.svg', array[(select url from base) || '/storage/v1/object/public/catalog/compass.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 4, array['Tritium illumination for night use', 'Waterproof and sandproof', 'Military specification']::text[],
    '{"Weight": "207 g", "Illumination": "Tritium"}'::jsonb, array['compass', 'navigation', 'military']::text[], now() - interval '162000 minutes'),
  ('9c729322-5b73-5140-911c-5947e07d2e8d'::uuid, 'Emergency Signal Mirror and Whistle Set', 14.99, null::numeric, 'Be seen and heard by rescuers from miles away.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '21ab0de7-3922-5cea-8d08-4ec1606c80ae'::uuid, (select url from base) || '/storage/v1/object/public/catalog/whistle.svg', array[(select url from base) || '/storage/v1/object/public/catalog/whistle.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 75, array['Retro-reflective aiming mesh', 'Pea-less 120 dB whistle', 'Floats', 'Lanyards included']::text[],
    '{"Whistle volume": "120 dB", "Mirror size": "5 x 7.5 cm"}'::jsonb, array['signal mirror', 'whistle', 'rescue']::text[], now() - interval '82800 minutes'),
  ('bf25c9b0-7fc2-500b-8cff-10332b2ac896'::uuid, 'National Geographic Waterproof Road Atlas', 24.95, null::numeric, 'A paper atlas that works when phones and GPS do not.',
    '3657f40f-a71e-510a-af0a-09e2604ed016'::uuid, '21ab0de7-3922-5cea-8d08-4ec1606c80ae'::uuid, (select url from base) || '/storage/v1/object/public/catalog/map.svg', array[(select url from base) || '/storage/v1/object/public/catalog/map.svg', (select url from base) || '/storage/v1/object/public/catalog/category-survival-gear.svg'],
    true, 40, array['Tear-resistant waterproof paper', 'All 50 states', 'Topographic shading']::text[],
    '{"Pages": "128", "Format": "Spiral bound"}'::jsonb, array['map', 'navigation', 'atlas']::text[], now() - interval '97200 minutes'),
  ('a40f512b-a4e0-5ba8-a305-e71da5328d6f'::uuid, 'Mountain House Classic 12-Meal Bucket', 119.95, 139.95, 'A bucket of twelve best-selling freeze-dried entrees with a 30-year taste guarantee.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'c141f031-5f9f-5cbf-a36c-9cdeb3f72306'::uuid, (select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', array[(select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 36, array['12 pouches, 24 servings', '30-year taste guarantee', 'Just add boiling water', 'Ready in 10 minutes']::text[],
    '{"Servings": "24", "Shelf life": "30 years", "Calories": "5,880 total"}'::jsonb, array['emergency food', 'freeze-dried meals', 'food storage']::text[], now() - interval '115200 minutes'),
  ('59565893-2081-5c97-80b5-8acfa2f55baf'::uuid, 'ReadyWise 120-Serving Emergency Food Supply', 299.99, 349.99, 'A month of meals for one person in a single stackable bucket.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'c141f031-5f9f-5cbf-a36c-9cdeb3f72306'::uuid, (select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', array[(select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 9, array['120 servings of entrees and breakfasts', 'Up to 25-year shelf life', 'Stackable bucket', 'Water-resistant pouches']::text[],
    '{"Servings": "120", "Shelf life": "25 years", "Weight": "9.5 kg"}'::jsonb, array['emergency food', 'freeze-dried meals', 'bulk']::text[], now() - interval '180000 minutes'),
  ('6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'Peak Refuel Beef Stroganoff', 13.95, null::numeric, 'A high-protein freeze-dried classic that tastes like home cooking.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'c141f031-5f9f-5cbf-a36c-9cdeb3f72306'::uuid, (select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', array[(select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 150, array['100 percent real meat', '40 g protein', 'No fillers', 'Ready in 10 minutes']::text[],
    '{"Servings": "2", "Calories": "1000", "Shelf life": "5 years"}'::jsonb, array['emergency food', 'freeze-dried meals', 'backpacking']::text[], now() - interval '273600 minutes'),
  ('8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, null::numeric, 'Thirty days of food for one person in a watertight pail.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, 'c141f031-5f9f-5cbf-a36c-9cdeb3f72306'::uuid, (select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', array[(select url from base) || '/storage/v1/object/public/catalog/freeze-dried-meal.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    false, 0, array['307 servings', 'Breakfast, lunch and dinner', '25-year shelf life', 'Watertight pail']::text[],
    '{"Servings": "307", "Shelf life": "25 years", "Calories": "1,854 per day"}'::jsonb, array['emergency food', 'food storage', 'bulk']::text[], now() - interval '108000 minutes'),
  ('25bf6dc3-1414-5a71-9d3b-a8326c98f5ea'::uuid, 'Long Grain White Rice, 20 lb Mylar Pail', 39.95, null::numeric, 'A staple of any long-term pantry, sealed for decades of storage.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, '859b2957-4562-5220-9de9-943c1bc1eed2'::uuid, (select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', array[(select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 60, array['Packed in Mylar with oxygen absorbers', '30-year shelf life', 'Gamma-lid pail']::text[],
    '{"Weight": "9 kg", "Shelf life": "30 years"}'::jsonb, array['food storage', 'rice', 'emergency food']::text[], now() - interval '18000 minutes'),
  ('3fbf1485-fde3-50e4-88aa-89ee654c8e63'::uuid, 'Hard Red Wheat Berries, 25 lb', 34.95, 39.95, 'Whole wheat berries that store for decades and grind into fresh flour.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, '859b2957-4562-5220-9de9-943c1bc1eed2'::uuid, (select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', array[(select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 5, array['Whole grain for milling', 'Nitrogen packed', '30-year shelf life']::text[],
    '{"Weight": "11.3 kg", "Protein": "13 percent"}'::jsonb, array['food storage', 'wheat', 'grain']::text[], now() - interval '244800 minutes'),
  ('16835a34-14a9-5362-88f9-91e3cb0966cc'::uuid, 'Datrex 3600 Emergency Ration Bar', 9.99, null::numeric, 'Coast Guard approved ration bars that survive heat and cold in your car or go-bag.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, '3aeecb5f-4ab7-52fe-83a9-088ca255cacb'::uuid, (select url from base) || '/storage/v1/object/public/catalog/ration-bar.svg', array[(select url from base) || '/storage/v1/object/public/catalog/ration-bar.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 300, array['3600 calories in 9 bars', 'Coast Guard approved', '5-year shelf life', 'Non-thirst provoking']::text[],
    '{"Calories": "3600", "Shelf life": "5 years"}'::jsonb, array['emergency food', 'ration bar', 'go bag']::text[], now() - interval '198000 minutes'),
  ('3a399a54-46ff-5ed0-9cae-5fb140af13d0'::uuid, 'SOS Food Lab Rations 3600 (10 pack)', 79.99, 94.99, 'A case of ration blocks for a family kit.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, '3aeecb5f-4ab7-52fe-83a9-088ca255cacb'::uuid, (select url from base) || '/storage/v1/object/public/catalog/ration-bar.svg', array[(select url from base) || '/storage/v1/object/public/catalog/ration-bar.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 25, array['Ten 3600-calorie packs', 'Tastes like lemon shortbread', '5-year shelf life']::text[],
    '{"Calories": "36,000 total", "Shelf life": "5 years"}'::jsonb, array['emergency food', 'ration bar']::text[], now() - interval '255600 minutes'),
  ('6feea9d4-84e8-52c4-8c58-353528e2a6e8'::uuid, 'Food-Grade Bucket Kit with Gamma Lids (6 pack)', 69.95, null::numeric, 'Food-grade buckets with screw-on lids for bulk storage.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, '931112dd-2b7e-54ab-9abc-49789ddbc0a5'::uuid, (select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', array[(select url from base) || '/storage/v1/object/public/catalog/food-bucket.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    true, 18, array['Six 5-gallon HDPE buckets', 'Airtight gamma seal lids', 'BPA free']::text[],
    '{"Capacity": "19 L each", "Material": "HDPE"}'::jsonb, array['food storage', 'bucket', 'containers']::text[], now() - interval '284400 minutes'),
  ('4d8947a6-fcb8-5713-a4a5-7f7908fa09cd'::uuid, 'Mylar Bags with Oxygen Absorbers (100 pack)', 29.99, null::numeric, 'Everything you need to pack dry food for long-term storage.',
    '9bfcaea3-7dbb-5385-9cc0-fe5b4608ab72'::uuid, '931112dd-2b7e-54ab-9abc-49789ddbc0a5'::uuid, (select url from base) || '/storage/v1/object/public/catalog/mylar-bag.svg', array[(select url from base) || '/storage/v1/object/public/catalog/mylar-bag.svg', (select url from base) || '/storage/v1/object/public/catalog/category-food-storage.svg'],
    false, 0, array['Assorted 1 and 5 gallon bags', '300cc and 2000cc absorbers', '7 mil thickness', 'Heat sealable']::text[],
    '{"Count": "100", "Thickness": "7 mil"}'::jsonb, array['food storage', 'mylar', 'oxygen absorber']::text[], now() - interval '43200 minutes'),
  ('3b4729d4-55d9-567a-9f7d-828a9adac8f0'::uuid, 'Jackery Explorer 1000 Plus Power Station', 799.00, 999.00, 'Run a fridge, CPAP or power tools through an outage, and recharge from solar.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, '1e39d3a9-b9df-5d81-85a6-36c59dfb953d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/power-station.svg', array[(select url from base) || '/storage/v1/object/public/catalog/power-station.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 12, array['1264 Wh LiFePO4 battery', '2000 W AC output', 'Expandable to 5 kWh', 'App control', '4000 cycle life']::text[],
    '{"Capacity": "1264 Wh", "AC output": "2000 W", "Weight": "14.5 kg", "Chemistry": "LiFePO4"}'::jsonb, array['power station', 'solar generator', 'battery backup']::text[], now() - interval '133200 minutes'),
  ('e0ee17dd-2ac9-5a06-8b55-a40589318afe'::uuid, 'EcoFlow River 2 Pro Portable Power Station', 449.00, 599.00, 'A compact power station that charges from the wall in about an hour.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, '1e39d3a9-b9df-5d81-85a6-36c59dfb953d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/power-station.svg', array[(select url from base) || '/storage/v1/object/public/catalog/power-station.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    false, 0, array['768 Wh LiFePO4', '800 W AC output', 'Full charge in 70 minutes', 'Solar input 220 W']::text[],
    '{"Capacity": "768 Wh", "AC output": "800 W", "Weight": "7.8 kg"}'::jsonb, array['power station', 'battery backup']::text[], now() - interval '126000 minutes'),
  ('42b93b2f-6e83-5e36-9a62-5db63690b3e4'::uuid, 'Goal Zero Yeti 500X Power Station', 549.95, null::numeric, 'A portable battery for lights, laptops and radios at home or at camp.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, '1e39d3a9-b9df-5d81-85a6-36c59dfb953d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/power-station.svg', array[(select url from base) || '/storage/v1/object/public/catalog/power-station.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 7, array['505 Wh lithium battery', 'Pure sine wave inverter', 'Seven output ports', 'Chainable with Goal Zero panels']::text[],
    '{"Capacity": "505 Wh", "AC output": "300 W", "Weight": "5.8 kg"}'::jsonb, array['power station', 'solar generator']::text[], now() - interval '237600 minutes'),
  ('08a7624f-15f1-5b5e-9b44-9389aed84683'::uuid, 'Jackery SolarSaga 100 W Solar Panel', 249.00, 299.00, 'A folding 100 W panel that recharges a power station from the sun.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'e849abec-b766-508c-a791-f4ae0dcd5b76'::uuid, (select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', array[(select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 28, array['Foldable with kickstands', '23 percent efficient monocrystalline cells', 'USB-A and USB-C outputs', 'IP68 junction box']::text[],
    '{"Power": "100 W", "Weight": "4.1 kg", "Efficiency": "23 percent"}'::jsonb, array['solar panel', 'portable solar panel', 'solar charging']::text[], now() - interval '25200 minutes'),
  ('9e29ccca-b41e-59d1-a425-f5d731da77e0'::uuid, 'BigBlue 28 W Portable Solar Charger', 69.99, null::numeric, 'A pocketable solar charger for phones, radios and headlamps.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'e849abec-b766-508c-a791-f4ae0dcd5b76'::uuid, (select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', array[(select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 88, array['Charges two phones at once', 'Waterproof PET surface', 'Folds to book size']::text[],
    '{"Power": "28 W", "Weight": "595 g", "Outputs": "2 x USB-A"}'::jsonb, array['solar panel', 'portable solar panel', 'phone charger']::text[], now() - interval '136800 minutes'),
  ('51e7d66d-40e5-5d50-9816-0c8807646484'::uuid, 'Renogy 200 W Monocrystalline Panel', 219.99, null::numeric, 'A rigid high-output panel for permanent off-grid installations.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, 'e849abec-b766-508c-a791-f4ae0dcd5b76'::uuid, (select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', array[(select url from base) || '/storage/v1/object/public/catalog/solar-panel.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 2, array['Rigid aluminium frame', 'Anti-reflective tempered glass', 'Withstands wind and snow loads']::text[],
    '{"Power": "200 W", "Weight": "11.8 kg"}'::jsonb, array['solar panel', 'off-grid', 'rv']::text[], now() - interval '93600 minutes'),
  ('d2f373cd-294c-5765-956b-48a73c5c434a'::uuid, 'Anker PowerCore 26800 Power Bank', 65.99, 79.99, 'A high-capacity power bank to keep phones and radios running for days.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, '38aa9b57-1853-522a-b899-b8fc06f3588b'::uuid, (select url from base) || '/storage/v1/object/public/catalog/power-bank.svg', array[(select url from base) || '/storage/v1/object/public/catalog/power-bank.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 70, array['26800 mAh capacity', 'Three USB outputs', 'Charges a phone 6+ times']::text[],
    '{"Capacity": "26800 mAh", "Weight": "490 g"}'::jsonb, array['power bank', 'battery', 'usb charger']::text[], now() - interval '122400 minutes'),
  ('87a8fd7f-7455-5e65-bc86-43d4cdba8920'::uuid, 'Eneloop Pro AA Rechargeable Batteries (8 pack)', 39.99, null::numeric, 'High-capacity AA cells that hold their charge in storage.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, '38aa9b57-1853-522a-b899-b8fc06f3588b'::uuid, (select url from base) || '/storage/v1/object/public/catalog/battery.svg', array[(select url from base) || '/storage/v1/object/public/catalog/battery.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 110, array['2500 mAh', '500 recharge cycles', 'Keeps 85 percent charge after a year']::text[],
    '{"Capacity": "2500 mAh", "Count": "8"}'::jsonb, array['batteries', 'rechargeable', 'aa']::text[], now() - interval '165600 minutes'),
  ('16e8d26c-0d4c-50da-8fa1-478a027a056c'::uuid, 'Hand-Crank USB Emergency Charger', 24.99, null::numeric, 'Generate power by hand when every other source is gone.',
    '2a3787f9-0838-5526-ae04-99aea8d594f1'::uuid, '38aa9b57-1853-522a-b899-b8fc06f3588b'::uuid, (select url from base) || '/storage/v1/object/public/catalog/hand-crank.svg', array[(select url from base) || '/storage/v1/object/public/catalog/hand-crank.svg', (select url from base) || '/storage/v1/object/public/catalog/category-power-solutions.svg'],
    true, 15, array['Crank to charge any USB device', 'Built-in LED light', 'No batteries required']::text[],
    '{"Output": "5 V / 1 A", "Weight": "180 g"}'::jsonb, array['hand crank', 'charger', 'off-grid']::text[], now() - interval '118800 minutes'),
  ('3d09d9e7-c00d-5847-9882-01f28907f690'::uuid, 'Adventure Medical Kits Mountain Series Explorer', 79.99, 94.99, 'A comprehensive trail and home first aid kit organized by injury type.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'ec686496-d5d7-5071-9869-008e53d0d632'::uuid, (select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', array[(select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    true, 20, array['Treats up to 4 people for 4 days', 'Organized by injury', 'Includes wound care and medications', 'Water-resistant bag']::text[],
    '{"Group size": "1-4", "Trip length": "4 days", "Weight": "567 g"}'::jsonb, array['first aid kit', 'medical', 'hiking']::text[], now() - interval '223200 minutes'),
  ('a0a00b82-3a22-5666-b28c-c6b9db06ce5a'::uuid, 'MyMedic MyFAK Large First Aid Kit', 179.99, null::numeric, 'A large, well-organized kit with trauma gear for serious emergencies.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'ec686496-d5d7-5071-9869-008e53d0d632'::uuid, (select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', array[(select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    true, 8, array['Tourniquet and chest seal included', 'Rip-away Molle panel', 'Labeled compartments', 'Over 100 items']::text[],
    '{"Items": "100+", "Weight": "1.4 kg"}'::jsonb, array['first aid kit', 'trauma', 'ifak']::text[], now() - interval '144000 minutes'),
  ('318c76db-115e-5f04-9286-3c0c056204bd'::uuid, 'Family Emergency First Aid Kit, 250 Pieces', 34.99, null::numeric, 'Everyday first aid for the home, car and office.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'ec686496-d5d7-5071-9869-008e53d0d632'::uuid, (select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', array[(select url from base) || '/storage/v1/object/public/catalog/first-aid-kit.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    false, 0, array['250 pieces', 'Bandages, gauze, wipes and tape', 'Hard case', 'First aid guide']::text[],
    '{"Pieces": "250", "Case": "Hard plastic"}'::jsonb, array['first aid kit', 'home', 'family']::text[], now() - interval '248400 minutes'),
  ('15951ab0-ba0a-5568-879c-11567140ebfe'::uuid, 'North American Rescue CAT Tourniquet', 32.99, null::numeric, 'The tourniquet trusted by militaries and paramedics worldwide.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'a190cfa8-8287-5514-9104-bfc989a84012'::uuid, (select url from base) || '/storage/v1/object/public/catalog/tourniquet.svg', array[(select url from base) || '/storage/v1/object/public/catalog/tourniquet.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    true, 45, array['Combat Application Tourniquet Gen 7', 'One-handed application', 'Used by military and EMS']::text[],
    '{"Width": "3.8 cm", "Weight": "77 g"}'::jsonb, array['tourniquet', 'trauma', 'stop the bleed']::text[], now() - interval '226800 minutes'),
  ('cbb10996-217a-5cb1-9078-fc62fe3c96af'::uuid, 'QuikClot Hemostatic Gauze', 44.99, 49.99, 'Hemostatic gauze that helps stop severe bleeding.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'a190cfa8-8287-5514-9104-bfc989a84012'::uuid, (select url from base) || '/storage/v1/object/public/catalog/bandage.svg', array[(select url from base) || '/storage/v1/object/public/catalog/bandage.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    true, 6, array['Kaolin-impregnated gauze', 'Stops bleeding fast', 'Z-folded for packing']::text[],
    '{"Size": "7.5 cm x 3.7 m"}'::jsonb, array['trauma', 'hemostatic', 'stop the bleed']::text[], now() - interval '252000 minutes'),
  ('fd8666f7-09da-5d69-91fe-4b2619d04378'::uuid, 'Israeli Emergency Pressure Bandage 6 in', 9.99, null::numeric, 'A pressure bandage that can be applied with one hand.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, 'a190cfa8-8287-5514-9104-bfc989a84012'::uuid, (select url from base) || '/storage/v1/object/public/catalog/bandage.svg', array[(select url from base) || '/storage/v1/object/public/catalog/bandage.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    true, 90, array['Built-in pressure bar', 'Sterile, vacuum packed', 'Self-applicable']::text[],
    '{"Size": "15 cm"}'::jsonb, array['trauma', 'bandage']::text[], now() - interval '154800 minutes'),
  ('df86ca82-ca1c-52b8-9027-584056e03a1b'::uuid, 'Potassium Iodide Tablets (14 count)', 19.99, null::numeric, 'Protects the thyroid from radioactive iodine in a nuclear emergency.',
    'bc054e52-0a14-51ea-bbbc-3088ad422c2e'::uuid, '03ba0b02-e5b0-5412-9272-e21084d63821'::uuid, (select url from base) || '/storage/v1/object/public/catalog/medicine.svg', array[(select url from base) || '/storage/v1/object/public/catalog/medicine.svg', (select url from base) || '/storage/v1/object/public/catalog/category-first-aid.svg'],
    true, 3, array['FDA approved thyroid blocking agent', '130 mg tablets', '7-year shelf life']::text[],
    '{"Count": "14", "Dose": "130 mg"}'::jsonb, array['medical', 'radiation', 'potassium iodide']::text[], now() - interval '86400 minutes'),
  ('5b82551b-06be-5ca3-bd6c-9094dabb791e'::uuid, 'LifeStraw Personal Water Filter', 19.95, 24.95, 'Drink directly from streams and lakes through this lightweight straw filter.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'b12b7b77-8cd9-58f6-93ad-7ea733ff0d08'::uuid, (select url from base) || '/storage/v1/object/public/catalog/water-straw.svg', array[(select url from base) || '/storage/v1/object/public/catalog/water-straw.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    true, 240, array['Removes 99.999999 percent of bacteria', 'Filters up to 4000 litres', 'No batteries or chemicals']::text[],
    '{"Capacity": "4000 L", "Weight": "57 g"}'::jsonb, array['water filter', 'lifestraw', 'straw']::text[], now() - interval '172800 minutes'),
  ('6921a098-0da1-536c-b5e9-b6460d46b854'::uuid, 'Sawyer Squeeze Water Filtration System', 39.99, null::numeric, 'A tiny filter rated for a lifetime of clean water.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'b12b7b77-8cd9-58f6-93ad-7ea733ff0d08'::uuid, (select url from base) || '/storage/v1/object/public/catalog/water-filter.svg', array[(select url from base) || '/storage/v1/object/public/catalog/water-filter.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    true, 75, array['0.1 micron hollow fiber filter', 'Rated to 100,000 gallons', 'Includes pouches and straw']::text[],
    '{"Filter": "0.1 micron", "Weight": "85 g"}'::jsonb, array['water filter', 'backpacking']::text[], now() - interval '50400 minutes'),
  ('2d937255-e154-561b-94bb-f77354d11aae'::uuid, 'Berkey Big Gravity Water Filter', 389.00, 429.00, 'A countertop gravity filter that purifies water for the whole household.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'b12b7b77-8cd9-58f6-93ad-7ea733ff0d08'::uuid, (select url from base) || '/storage/v1/object/public/catalog/water-filter-gravity.svg', array[(select url from base) || '/storage/v1/object/public/catalog/water-filter-gravity.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    true, 9, array['8.5 litre capacity', 'Black Berkey elements', 'No power required', 'Polished stainless steel']::text[],
    '{"Capacity": "8.5 L", "Flow rate": "13 L per hour"}'::jsonb, array['water filter', 'gravity filter', 'home']::text[], now() - interval '64800 minutes'),
  ('7e17a068-4c11-577d-a6a6-435b3208f17b'::uuid, 'Katadyn Micropur Purification Tablets (30)', 14.95, null::numeric, 'Individually sealed tablets that make questionable water safe to drink.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, '1bfa1915-efba-5663-863b-fae59138ecb7'::uuid, (select url from base) || '/storage/v1/object/public/catalog/tablets.svg', array[(select url from base) || '/storage/v1/object/public/catalog/tablets.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    true, 160, array['Kills viruses, bacteria and cysts', 'Chlorine dioxide', 'No aftertaste']::text[],
    '{"Count": "30", "Treats": "1 L per tablet"}'::jsonb, array['water purification', 'tablets']::text[], now() - interval '72000 minutes'),
  ('58d35642-0823-504c-a35c-58858f3b9566'::uuid, 'SteriPEN Ultra UV Water Purifier', 99.95, null::numeric, 'A UV light purifier that treats a litre of clear water in 90 seconds.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, '1bfa1915-efba-5663-863b-fae59138ecb7'::uuid, (select url from base) || '/storage/v1/object/public/catalog/uv-purifier.svg', array[(select url from base) || '/storage/v1/object/public/catalog/uv-purifier.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    false, 0, array['Destroys 99.9 percent of microbes', 'USB rechargeable', 'Treats 1 L in 90 seconds']::text[],
    '{"Treatment": "90 s per litre", "Weight": "140 g"}'::jsonb, array['water purification', 'uv']::text[], now() - interval '100800 minutes'),
  ('695175b4-6161-5416-a606-9fd228c784a6'::uuid, 'Reliance Aqua-Tainer 7 Gallon Water Container', 24.99, null::numeric, 'A rugged, stackable jug for storing drinking water at home.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'ef1ad07e-5590-5cf0-940a-b516675b9a3a'::uuid, (select url from base) || '/storage/v1/object/public/catalog/water-container.svg', array[(select url from base) || '/storage/v1/object/public/catalog/water-container.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    true, 55, array['Rigid HDPE construction', 'Hideaway spigot', 'Stackable']::text[],
    '{"Capacity": "26 L", "Material": "HDPE"}'::jsonb, array['water storage', 'container']::text[], now() - interval '36000 minutes'),
  ('1df233bc-ae42-5ee4-99ea-7307cb11be94'::uuid, 'WaterBOB Bathtub Emergency Water Storage', 34.99, 39.99, 'Turn your bathtub into a clean 100-gallon reservoir before the storm hits.',
    '90433a31-4ae4-504c-8a0a-dcc808d13fa2'::uuid, 'ef1ad07e-5590-5cf0-940a-b516675b9a3a'::uuid, (select url from base) || '/storage/v1/object/public/catalog/water-container.svg', array[(select url from base) || '/storage/v1/object/public/catalog/water-container.svg', (select url from base) || '/storage/v1/object/public/catalog/category-water.svg'],
    true, 4, array['Holds up to 100 gallons', 'Fills in 20 minutes', 'Includes siphon pump']::text[],
    '{"Capacity": "378 L"}'::jsonb, array['water storage', 'bathtub', 'emergency water']::text[], now() - interval '277200 minutes'),
  ('e5cf9447-07ba-5ba1-aa67-fe7dea1022d6'::uuid, 'Fenix PD36R Rechargeable Flashlight', 89.95, null::numeric, 'A compact, powerful rechargeable flashlight for every emergency.',
    '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, '2c423409-c723-5a76-aead-7b85ee62f33d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/flashlight.svg', array[(select url from base) || '/storage/v1/object/public/catalog/flashlight.svg', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg'],
    true, 31, array['1600 lumens', 'USB-C rechargeable 21700 battery', 'IP68 waterproof', 'Tactical tail switch']::text[],
    '{"Output": "1600 lm", "Beam distance": "283 m", "Runtime": "42 h on low"}'::jsonb, array['flashlight', 'rechargeable', 'tactical']::text[], now() - interval '241200 minutes'),
  ('efba6385-41de-5542-af30-3169700b1812'::uuid, 'Maglite ML300L 3D LED Flashlight', 49.99, 59.99, 'The indestructible classic, upgraded with a bright LED.',
    '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, '2c423409-c723-5a76-aead-7b85ee62f33d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/flashlight.svg', array[(select url from base) || '/storage/v1/object/public/catalog/flashlight.svg', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg'],
    false, 0, array['625 lumens', 'Four light modes', 'Aircraft aluminium body', 'Runs on D cells']::text[],
    '{"Output": "625 lm", "Batteries": "3 x D"}'::jsonb, array['flashlight', 'classic']::text[], now() - interval '158400 minutes'),
  ('42ea065e-266e-572e-888f-a7ebd4637733'::uuid, 'Black Diamond Spot 400 Headlamp', 49.95, null::numeric, 'A waterproof headlamp with red light to keep your night vision.',
    '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, '29006b59-1c4b-5eab-82f3-44690ad89e6d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/headlamp.svg', array[(select url from base) || '/storage/v1/object/public/catalog/headlamp.svg', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg'],
    true, 46, array['400 lumens', 'Red night vision mode', 'IPX8 waterproof', 'Brightness memory']::text[],
    '{"Output": "400 lm", "Batteries": "3 x AAA"}'::jsonb, array['headlamp', 'hands-free']::text[], now() - interval '176400 minutes'),
  ('06edfd7c-e627-5cb7-ae3a-a94f75010b48'::uuid, 'Petzl Actik Core Rechargeable Headlamp', 69.95, 79.95, 'A powerful hybrid headlamp that runs on its own battery or AAAs.',
    '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, '29006b59-1c4b-5eab-82f3-44690ad89e6d'::uuid, (select url from base) || '/storage/v1/object/public/catalog/headlamp.svg', array[(select url from base) || '/storage/v1/object/public/catalog/headlamp.svg', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg'],
    true, 13, array['600 lumens', 'CORE rechargeable battery or AAA', 'Reflective headband']::text[],
    '{"Output": "600 lm", "Weight": "75 g"}'::jsonb, array['headlamp', 'rechargeable']::text[], now() - interval '111600 minutes'),
  ('113fdee9-9b78-5c42-a434-876f2ac520db'::uuid, 'Goal Zero Lighthouse 600 Lantern', 79.95, null::numeric, 'A lantern that lights the whole room and charges your phone.',
    '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, 'c4d3e54e-11fd-5ccc-8db1-b6a9190c084f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/lantern.svg', array[(select url from base) || '/storage/v1/object/public/catalog/lantern.svg', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg'],
    true, 2, array['600 lumens', 'Hand crank backup', 'USB power out', 'Directional light']::text[],
    '{"Output": "600 lm", "Runtime": "320 h on low"}'::jsonb, array['lantern', 'hand crank', 'usb charger']::text[], now() - interval '169200 minutes'),
  ('c1af2290-4076-5fea-824c-cb830fb6075e'::uuid, 'LuminAID PackLite Max Solar Lantern', 39.99, null::numeric, 'An inflatable solar lantern that packs flat and floats.',
    '78580ecb-20fb-5765-8856-29da75854ddb'::uuid, 'c4d3e54e-11fd-5ccc-8db1-b6a9190c084f'::uuid, (select url from base) || '/storage/v1/object/public/catalog/lantern.svg', array[(select url from base) || '/storage/v1/object/public/catalog/lantern.svg', (select url from base) || '/storage/v1/object/public/catalog/category-lighting.svg'],
    true, 62, array['Inflatable and packs flat', 'Solar rechargeable', 'Phone charger', 'Waterproof']::text[],
    '{"Output": "150 lm", "Runtime": "50 h"}'::jsonb, array['lantern', 'solar', 'camping']::text[], now() - interval '208800 minutes')
) as v (id, name, price, original_price, description, category_id, subcategory_id, image_url, images,
  in_stock, stock_count, features, specifications, tags, created_at);

-- The kit builder's facts (docs/preparedness.md): what each product is for, and for food and water how
-- much one unit holds, as its maker states it (a filter's litres are its rated capacity, a bar's person-days
-- its label's). Trauma supplies and potassium iodide state no kind: they add to a first aid kit, they are
-- not one, so the builder never proposes them as the household's kit.
update public.products p
set supply_kind = v.kind, servings_per_unit = v.servings, calories_per_unit = v.calories,
  water_litres_per_unit = v.litres, person_days_per_unit = v.person_days
from (values
  ('72feb2b6-4c9e-5a47-8f8a-74808c568663'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('9ea8fef8-335e-5d8c-bf2d-0b997da49f78'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('c9bd8429-34df-55b0-8e06-680a95bdd18b'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('5ab0a60d-3a88-5a1a-8941-e28d9e23201c'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('0b056794-753e-51df-bd2a-0d94d47239b1'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('3b9b5083-d1dc-58eb-83df-d209560328b3'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('f455bfbe-38dc-51b6-a598-d572b7dc1623'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('fe052a2d-1e15-548a-a1cc-5c0871dd7fa0'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'communication', null::integer, null::integer, null::numeric, null::numeric),
  ('9bf7d387-cabe-5723-9931-462d3163b4d5'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('fe3eb712-e4bf-53f9-93c0-5c170e6072d8'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('7daf33c4-af13-576d-b2a3-ec755ecf5a3d'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('ecdacc66-7f04-5086-b31b-98c3c54be222'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('41b58a67-586b-558f-98fc-4d4285d26ba2'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('6e1e0c3b-e99a-5cff-b3e5-bf7d7af9d016'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('bce39ac5-236c-5083-98b5-c0ab92ed3019'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('b776fc96-fd08-5f9a-ba93-e923058b8c0e'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('19ed066f-7dc2-576a-9f47-dca95471f40b'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('10816312-7b14-5cd6-b82e-2929e75c51df'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('5b4a81e9-d2de-5a5e-ae5c-6a952cca457f'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('63190873-80ca-5a96-8b2c-ccdf0dd21f0d'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('ccf39422-5512-5275-a241-d22261a35f7e'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('7e4a41a0-fafb-5df6-94d2-2deca5ce151b'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('d0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('64358748-d179-520b-8b70-adc537b70706'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('afafe0e2-1c7e-5e6a-944c-bb7782345b41'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('463dbe4a-f90a-5370-b1e7-7ad65080ac87'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('029f3e4a-7e08-57e6-9396-f8782b31f787'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('9c729322-5b73-5140-911c-5947e07d2e8d'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('bf25c9b0-7fc2-500b-8cff-10332b2ac896'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('6feea9d4-84e8-52c4-8c58-353528e2a6e8'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('4d8947a6-fcb8-5713-a4a5-7f7908fa09cd'::uuid, 'tool', null::integer, null::integer, null::numeric, null::numeric),
  ('8a231a88-b454-5e62-814a-b2567610bedd'::uuid, 'shelter', null::integer, null::integer, null::numeric, null::numeric),
  ('2d0b88ec-b8e4-55c7-b204-777cf04ec6a7'::uuid, 'shelter', null::integer, null::integer, null::numeric, null::numeric),
  ('e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'shelter', null::integer, null::integer, null::numeric, null::numeric),
  ('b59c9ce0-c453-5cb4-a143-567687b136fb'::uuid, 'shelter', null::integer, null::integer, null::numeric, null::numeric),
  ('a40f512b-a4e0-5ba8-a305-e71da5328d6f'::uuid, 'food', 24, 6000, null::numeric, 4),
  ('59565893-2081-5c97-80b5-8acfa2f55baf'::uuid, 'food', 120, 26400, null::numeric, 30),
  ('6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'food', 2, 1040, null::numeric, null::numeric),
  ('8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'food', 307, 53000, null::numeric, 30),
  ('25bf6dc3-1414-5a71-9d3b-a8326c98f5ea'::uuid, 'food', 205, 32800, null::numeric, null::numeric),
  ('3fbf1485-fde3-50e4-88aa-89ee654c8e63'::uuid, 'food', 250, 37500, null::numeric, null::numeric),
  ('16835a34-14a9-5362-88f9-91e3cb0966cc'::uuid, 'food', 9, 3600, null::numeric, 3),
  ('3a399a54-46ff-5ed0-9cae-5fb140af13d0'::uuid, 'food', 90, 36000, null::numeric, 30),
  ('3b4729d4-55d9-567a-9f7d-828a9adac8f0'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('e0ee17dd-2ac9-5a06-8b55-a40589318afe'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('42b93b2f-6e83-5e36-9a62-5db63690b3e4'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('08a7624f-15f1-5b5e-9b44-9389aed84683'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('9e29ccca-b41e-59d1-a425-f5d731da77e0'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('51e7d66d-40e5-5d50-9816-0c8807646484'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('d2f373cd-294c-5765-956b-48a73c5c434a'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('87a8fd7f-7455-5e65-bc86-43d4cdba8920'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('16e8d26c-0d4c-50da-8fa1-478a027a056c'::uuid, 'power', null::integer, null::integer, null::numeric, null::numeric),
  ('3d09d9e7-c00d-5847-9882-01f28907f690'::uuid, 'first_aid', null::integer, null::integer, null::numeric, null::numeric),
  ('a0a00b82-3a22-5666-b28c-c6b9db06ce5a'::uuid, 'first_aid', null::integer, null::integer, null::numeric, null::numeric),
  ('318c76db-115e-5f04-9286-3c0c056204bd'::uuid, 'first_aid', null::integer, null::integer, null::numeric, null::numeric),
  ('5b82551b-06be-5ca3-bd6c-9094dabb791e'::uuid, 'water', null::integer, null::integer, 4000, null::numeric),
  ('6921a098-0da1-536c-b5e9-b6460d46b854'::uuid, 'water', null::integer, null::integer, 378000, null::numeric),
  ('2d937255-e154-561b-94bb-f77354d11aae'::uuid, 'water', null::integer, null::integer, 22700, null::numeric),
  ('7e17a068-4c11-577d-a6a6-435b3208f17b'::uuid, 'water', null::integer, null::integer, 30, null::numeric),
  ('58d35642-0823-504c-a35c-58858f3b9566'::uuid, 'water', null::integer, null::integer, 8000, null::numeric),
  ('695175b4-6161-5416-a606-9fd228c784a6'::uuid, 'water', null::integer, null::integer, 26.5, null::numeric),
  ('1df233bc-ae42-5ee4-99ea-7307cb11be94'::uuid, 'water', null::integer, null::integer, 378.5, null::numeric),
  ('e5cf9447-07ba-5ba1-aa67-fe7dea1022d6'::uuid, 'light', null::integer, null::integer, null::numeric, null::numeric),
  ('efba6385-41de-5542-af30-3169700b1812'::uuid, 'light', null::integer, null::integer, null::numeric, null::numeric),
  ('42ea065e-266e-572e-888f-a7ebd4637733'::uuid, 'light', null::integer, null::integer, null::numeric, null::numeric),
  ('06edfd7c-e627-5cb7-ae3a-a94f75010b48'::uuid, 'light', null::integer, null::integer, null::numeric, null::numeric),
  ('113fdee9-9b78-5c42-a434-876f2ac520db'::uuid, 'light', null::integer, null::integer, null::numeric, null::numeric),
  ('c1af2290-4076-5fea-824c-cb830fb6075e'::uuid, 'light', null::integer, null::integer, null::numeric, null::numeric)
) as v (id, kind, servings, calories, litres, person_days)
where p.id = v.id;

update public.products set updated_at = created_at;

-- Lots with best-before dates (relative to today, end of month) for a handful of food, water, battery,
-- medical and radio products. Each product's lots add up to the stock listed above (the lots trigger
-- sets stock_count to their sum), so the catalogue's figures are unchanged; one Peak Refuel lot is
-- already past its date (never shipped, shown as expired on the dashboard) and a Datrex and a Micropur
-- lot expire within 90 days.
insert into public.product_lots (product_id, lot_code, quantity, best_before, received_on)
select v.product_id, v.lot_code, v.quantity,
  case
    when v.bb_days is not null then current_date + v.bb_days
    when v.bb_months is not null
      then (date_trunc('month', current_date + make_interval(months => v.bb_months)) + interval '1 month - 1 day')::date
  end,
  current_date - v.received_days_ago
from (values
  ('a40f512b-a4e0-5ba8-a305-e71da5328d6f'::uuid, 'MH-2407', 12, null::integer, 22, 120),
  ('a40f512b-a4e0-5ba8-a305-e71da5328d6f'::uuid, 'MH-2502', 24, null, 60, 30),
  ('59565893-2081-5c97-80b5-8acfa2f55baf'::uuid, 'RW-1188', 9, null, 118, 60),
  ('6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'PR-0921', 5, -20, null, 400),
  ('6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'PR-1140', 40, null, 18, 150),
  ('6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'PR-1305', 105, null, 30, 20),
  ('16835a34-14a9-5362-88f9-91e3cb0966cc'::uuid, 'DX-3600-17', 60, 60, null, 300),
  ('16835a34-14a9-5362-88f9-91e3cb0966cc'::uuid, 'DX-3600-22', 240, null, 58, 45),
  ('3a399a54-46ff-5ed0-9cae-5fb140af13d0'::uuid, 'SOS-5501', 25, null, 48, 90),
  ('7e17a068-4c11-577d-a6a6-435b3208f17b'::uuid, 'MP-3318', 30, 75, null, 200),
  ('7e17a068-4c11-577d-a6a6-435b3208f17b'::uuid, 'MP-3402', 130, null, 36, 35),
  ('87a8fd7f-7455-5e65-bc86-43d4cdba8920'::uuid, 'EN-24-118', 110, null, 120, 80),
  ('cbb10996-217a-5cb1-9078-fc62fe3c96af'::uuid, 'QC-77120', 6, null, 34, 50),
  ('df86ca82-ca1c-52b8-9027-584056e03a1b'::uuid, 'KI-6014', 3, null, 70, 100),
  ('337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'FRX5-2406', 37, null, null, 110)
) as v (product_id, lot_code, quantity, bb_days, bb_months, received_days_ago);

update public.products set updated_at = created_at;

-- Orders (relative to now(), so the dashboard's last months always have figures) ----------------
-- The listed totals are checked against the lines below: each order's breakdown (subtotal, shipping,
-- tax) is computed from its lines with order_totals, the same rule place_order uses.
create temporary table seed_orders (id uuid, user_id uuid, status text, total_amount numeric(10, 2),
  created_at timestamptz);

insert into seed_orders (id, user_id, status, total_amount, created_at) values
  ('005b885a-9f93-5a15-a4ea-bfc671e5c786'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 547.56, now() - interval '302544 minutes'),
  ('cbf8ac56-82c9-55e1-9ee4-64412f6c7c72'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 96.37, now() - interval '293543 minutes'),
  ('901af09c-ae09-5445-a3eb-f2f69232683b'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 550.57, now() - interval '286808 minutes'),
  ('582ab781-1138-52d8-89f2-040c89d4fb94'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 4251.74, now() - interval '281336 minutes'),
  ('603959ac-c7d0-5904-834a-83ce9b88cc3d'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 242.97, now() - interval '275523 minutes'),
  ('28f57c49-9cfa-5c91-80bc-02ba4c71f91a'::uuid, null, 'completed', 313.15, now() - interval '270215 minutes'),
  ('5121ee77-0e77-5b04-86dd-279ca2acfd7f'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 188.90, now() - interval '264812 minutes'),
  ('efaf7426-21bf-5b3d-a6c8-a58150b17b72'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'completed', 213.84, now() - interval '260017 minutes'),
  ('d2b93474-c9ca-5a66-843c-c1b15bd83159'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 862.92, now() - interval '255260 minutes'),
  ('29101c65-af3d-56d5-99c8-90d474155323'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 426.54, now() - interval '250501 minutes'),
  ('748f5c92-0545-5662-b46a-5dec1fb5cd7b'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 74.74, now() - interval '246272 minutes'),
  ('1b1dd40e-95fa-581f-8bd2-83584f7fde4f'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 321.14, now() - interval '241530 minutes'),
  ('51802162-9dff-5e8a-82a8-872ebe36de1b'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 377.85, now() - interval '236940 minutes'),
  ('352c0054-3060-54b2-99b8-b30fdb9b609a'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 329.30, now() - interval '232824 minutes'),
  ('d4a7c5d2-a6dd-55e1-ae1c-9a2c1b3bc01e'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'completed', 1187.89, now() - interval '228343 minutes'),
  ('663945ab-9480-5ca8-95d5-ceb799fd3050'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 226.64, now() - interval '224445 minutes'),
  ('5e65985c-e8da-5623-a8d3-1350a8e15dd8'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 280.64, now() - interval '220358 minutes'),
  ('aaebc689-bd20-555c-9ffa-539ac83781d0'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 658.70, now() - interval '216167 minutes'),
  ('1ac5a4d3-6d8a-5694-a5fb-4e5467cf3cad'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 1661.96, now() - interval '211848 minutes'),
  ('5d6c8ef1-4174-5b31-858d-429a9f7d909b'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 356.32, now() - interval '208003 minutes'),
  ('7054ca5b-e859-5582-84c6-aa87bc84e8fa'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 36.98, now() - interval '203741 minutes'),
  ('ad9b6eb2-3f52-53f0-b3ab-743f02458b0b'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 151.18, now() - interval '199861 minutes'),
  ('429a9e2d-012c-5f63-96ac-ff04cda4a88d'::uuid, null, 'completed', 217.83, now() - interval '196269 minutes'),
  ('5ce4a6b3-0249-5780-8cbd-28ad7ea4fc82'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 23.98, now() - interval '192425 minutes'),
  ('29cdf8af-bfa7-5851-9caf-6a9a29ec95b4'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 4466.71, now() - interval '188497 minutes'),
  ('f44e1401-9f36-5c8f-8220-419984dc85e4'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'cancelled', 636.11, now() - interval '184592 minutes'),
  ('b014e3d2-5119-5283-a018-5676edf40b07'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 318.46, now() - interval '181091 minutes'),
  ('10a1a0fa-98d7-5c87-ac43-10fb94589770'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 748.40, now() - interval '176956 minutes'),
  ('93aa6516-d54e-5abe-a022-9578a19546b0'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 80.18, now() - interval '173253 minutes'),
  ('4f853696-0a23-5233-a474-219e5d3d2758'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 42.37, now() - interval '169666 minutes'),
  ('fb9d9c40-afdb-5e89-b9fd-cf3c5145b5e0'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 231.10, now() - interval '166072 minutes'),
  ('c63240f4-ba4b-5951-b298-15e35a5625c4'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 151.17, now() - interval '162356 minutes'),
  ('c45207e2-18ea-53dc-948d-5b1a5d3b7a08'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 210.41, now() - interval '158977 minutes'),
  ('208a9be3-435d-5afd-9b94-ddcf0b044fe5'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 129.55, now() - interval '155562 minutes'),
  ('43b4130c-484f-5fd3-ab81-1f4750422021'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 604.68, now() - interval '151489 minutes'),
  ('bfe975c4-ed42-5bf4-9acb-bfcc8c362d28'::uuid, '00000000-0000-4000-8000-000000000016'::uuid, 'completed', 863.98, now() - interval '147945 minutes'),
  ('ec9246b4-695b-5474-b9f9-779595754aa3'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 63.94, now() - interval '144433 minutes'),
  ('d73f16d9-ebb5-571b-bcda-8a8608657a53'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 426.46, now() - interval '140902 minutes'),
  ('e79ce3b6-0339-511d-b933-e24d89f2e7b9'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 1069.12, now() - interval '137699 minutes'),
  ('0dfdeceb-1c84-565b-986e-c950f324bab4'::uuid, null, 'completed', 53.18, now() - interval '134014 minutes'),
  ('93a8ca70-9dc2-59f0-a8fb-523b1191a531'::uuid, '00000000-0000-4000-8000-000000000016'::uuid, 'completed', 862.92, now() - interval '130599 minutes'),
  ('e1f9a9b2-74f4-5143-9b9d-516ff8169418'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 2157.68, now() - interval '127194 minutes'),
  ('24d16b6b-fc78-584d-9ade-8732a1668874'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 85.58, now() - interval '123925 minutes'),
  ('ad048590-4ae2-597d-978f-ca836cf99042'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 53.15, now() - interval '120330 minutes'),
  ('046718b8-fa52-5aef-ab50-ebbddb1dbdb4'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 145.77, now() - interval '117109 minutes'),
  ('db2ce616-66e3-5afc-9020-5166cfa8b283'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'cancelled', 313.11, now() - interval '113905 minutes'),
  ('ff290d0a-c268-514d-a695-8f3b6c00f1a1'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 85.54, now() - interval '110572 minutes'),
  ('fef73cd2-8eb3-5839-8bd1-0cf7108d92b4'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 183.52, now() - interval '106935 minutes'),
  ('a92f5921-c238-57a0-94bb-7ecb4a31fbbe'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 85.54, now() - interval '103833 minutes'),
  ('f4102d11-c800-5a0b-a94b-a3deee36fe38'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 874.63, now() - interval '100406 minutes'),
  ('6514d614-5e2d-5ba0-a90e-240c47d40379'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 426.56, now() - interval '96880 minutes'),
  ('2c820524-445e-5888-8da3-b9d85769ae76'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'cancelled', 70.31, now() - interval '93682 minutes'),
  ('ebf6cfc9-4f13-5cb0-8012-9437a208130f'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'completed', 291.57, now() - interval '90614 minutes'),
  ('1e8dd6ab-4509-5114-92d4-c752eccf081c'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 26.18, now() - interval '87242 minutes'),
  ('47ffcd07-6773-5d99-b04f-08e5365917f4'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'completed', 286.03, now() - interval '84321 minutes'),
  ('58711f89-7b99-5495-a9e5-56490b4facd1'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 291.56, now() - interval '80838 minutes'),
  ('82630636-eea0-56cf-b881-ef374a9dd8b8'::uuid, null, 'completed', 305.60, now() - interval '77464 minutes'),
  ('5124fb1d-6c04-50a8-aede-78ddb2970d86'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 615.39, now() - interval '74668 minutes'),
  ('11fc178e-ab2d-5c35-b345-f7a2b5f878f6'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 604.62, now() - interval '71064 minutes'),
  ('57689b61-c8e1-5e32-be48-b23e06bcd4c0'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 1477.35, now() - interval '68052 minutes'),
  ('78b88218-f09e-5ad7-ba04-6bbf90f7bd8d'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 279.57, now() - interval '64866 minutes'),
  ('4e236eee-66d8-5e20-ae85-1d8f4ae01984'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 992.22, now() - interval '61930 minutes'),
  ('f23960b7-3dd2-5049-b4ce-59a21e70a047'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'completed', 180.18, now() - interval '58346 minutes'),
  ('70d703a0-6a4f-5507-a285-1e948528552e'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 647.87, now() - interval '55180 minutes'),
  ('18597e0f-1444-5162-bc91-6e1503f60ade'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 53.18, now() - interval '51975 minutes'),
  ('79858075-cea5-59e8-bac4-38a753a2715e'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'completed', 140.38, now() - interval '49024 minutes'),
  ('1e62cccd-6a73-52da-9dc6-06531a8d2dda'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 637.12, now() - interval '46195 minutes'),
  ('9450d736-d415-5d74-bece-0281fa50ae8b'::uuid, '00000000-0000-4000-8000-000000000014'::uuid, 'completed', 107.17, now() - interval '43057 minutes'),
  ('d445d759-622f-54be-9fd6-121387d3d970'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 80.02, now() - interval '39788 minutes'),
  ('32163b68-6313-56b1-8bdc-59897f14c9e4'::uuid, '00000000-0000-4000-8000-000000000011'::uuid, 'completed', 118.79, now() - interval '36716 minutes'),
  ('0d4d349d-6120-5737-9179-bcc1759f503c'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'completed', 129.49, now() - interval '33682 minutes'),
  ('48b5de23-8ccc-54e3-97ad-fc413809b191'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'completed', 151.07, now() - interval '30440 minutes'),
  ('73a519cf-4349-5b77-9183-feaf8bb2f4e9'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'completed', 3906.31, now() - interval '27285 minutes'),
  ('b9d18135-bd58-5a56-bdc7-0d7332d07a93'::uuid, null, 'completed', 101.76, now() - interval '24474 minutes'),
  ('f84cfc16-49b6-5578-a325-9098447e312d'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'pending', 107.96, now() - interval '21622 minutes'),
  ('9c10181a-7094-574b-865f-3c674693f7f9'::uuid, '00000000-0000-4000-8000-000000000015'::uuid, 'pending', 183.51, now() - interval '18564 minutes'),
  ('e5a981c5-f327-52fb-9658-68a41388459a'::uuid, '00000000-0000-4000-8000-000000000012'::uuid, 'completed', 96.38, now() - interval '15142 minutes'),
  ('8cb69a68-4f5a-57ba-8482-106a9d5c5d04'::uuid, '00000000-0000-4000-8000-000000000002'::uuid, 'processing', 97.45, now() - interval '12424 minutes'),
  ('0b7d42fe-8a0a-5d3b-abfd-8a75ce956d16'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'shipped', 1295.97, now() - interval '9504 minutes'),
  ('2c642972-a09b-585f-92f2-499d7a683a45'::uuid, '00000000-0000-4000-8000-000000000001'::uuid, 'pending', 1112.08, now() - interval '309 minutes'),
  ('20aedbfc-8bd0-539a-b3de-d3905966a2cd'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'pending', 133.60, now() - interval '204 minutes'),
  ('63faa9df-2a00-5353-b2ba-c546867c2c2d'::uuid, '00000000-0000-4000-8000-000000000013'::uuid, 'pending', 934.07, now() - interval '113 minutes');

-- The demo orders keep sequential numbers in the order of placing (oldest first), as orders had before
-- numbers became random (RS-100001, ...); new orders get random ones (order_number_new).
insert into public.orders (id, user_id, status, total_amount, created_at, order_number)
select so.id, so.user_id, so.status, 0, so.created_at,
  'RS-' || (100000 + row_number() over (order by so.created_at, so.id))::text
from seed_orders so
order by so.created_at, so.id;

insert into public.order_items (id, order_id, product_id, product_name, unit_price, quantity, created_at) values
  ('8d426a06-2c5d-5e10-bb43-4020f57c4fbe'::uuid, '005b885a-9f93-5a15-a4ea-bfc671e5c786'::uuid, 'bce39ac5-236c-5083-98b5-c0ab92ed3019'::uuid, 'Benchmade Bugout Folding Knife', 169.00, 3, now() - interval '302544 minutes'),
  ('a5e9403d-adcf-5d93-ac5f-0f07965aeb9c'::uuid, 'cbf8ac56-82c9-55e1-9ee4-64412f6c7c72'::uuid, 'c1af2290-4076-5fea-824c-cb830fb6075e'::uuid, 'LuminAID PackLite Max Solar Lantern', 39.99, 2, now() - interval '293543 minutes'),
  ('2641a856-03cd-5b2a-9f33-459e3f4e64b8'::uuid, '901af09c-ae09-5445-a3eb-f2f69232683b'::uuid, '5ab0a60d-3a88-5a1a-8941-e28d9e23201c'::uuid, 'Midland GXT1000 Two-Way Radio Pair', 89.99, 3, now() - interval '286808 minutes'),
  ('896d84a6-4904-5c9d-bcfd-0802adfbda1d'::uuid, '901af09c-ae09-5445-a3eb-f2f69232683b'::uuid, 'efba6385-41de-5542-af30-3169700b1812'::uuid, 'Maglite ML300L 3D LED Flashlight', 49.99, 3, now() - interval '286808 minutes'),
  ('d4626221-fd13-52ef-b9b7-2ec41ca990fd'::uuid, '901af09c-ae09-5445-a3eb-f2f69232683b'::uuid, 'd0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 3, now() - interval '286808 minutes'),
  ('ff2f04d1-3be9-56d2-beb7-f83dd65eae91'::uuid, '582ab781-1138-52d8-89f2-040c89d4fb94'::uuid, '72feb2b6-4c9e-5a47-8f8a-74808c568663'::uuid, 'Iridium Extreme 9575 Satellite Phone', 1299.00, 3, now() - interval '281336 minutes'),
  ('b9e36e9e-58c6-5e9f-84f9-114fdfea20b8'::uuid, '582ab781-1138-52d8-89f2-040c89d4fb94'::uuid, '10816312-7b14-5cd6-b82e-2929e75c51df'::uuid, 'Opinel No.8 Carbon Folding Knife', 19.90, 2, now() - interval '281336 minutes'),
  ('d9cb0dd2-76f3-5e8e-a37a-50c9d3abebe5'::uuid, '603959ac-c7d0-5904-834a-83ce9b88cc3d'::uuid, 'ecdacc66-7f04-5086-b31b-98c3c54be222'::uuid, 'Morakniv Garberg Survival Knife', 89.99, 2, now() - interval '275523 minutes'),
  ('5167b3da-9c4e-51cd-ba4f-2e1a951edb31'::uuid, '603959ac-c7d0-5904-834a-83ce9b88cc3d'::uuid, 'fe3eb712-e4bf-53f9-93c0-5c170e6072d8'::uuid, 'Gerber Suspension-NXT Multi-Tool', 44.99, 1, now() - interval '275523 minutes'),
  ('92350f9f-6394-55f1-8c5e-e330058ef5ff'::uuid, '28f57c49-9cfa-5c91-80bc-02ba4c71f91a'::uuid, 'b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, 2, now() - interval '270215 minutes'),
  ('76bd7203-61af-5268-9511-15ab94d676ce'::uuid, '28f57c49-9cfa-5c91-80bc-02ba4c71f91a'::uuid, '3b9b5083-d1dc-58eb-83df-d209560328b3'::uuid, 'Motorola Talkabout T470 Radio Twin Pack', 79.99, 1, now() - interval '270215 minutes'),
  ('b217c2d4-bae4-5b86-9b2d-db1475d47326'::uuid, '28f57c49-9cfa-5c91-80bc-02ba4c71f91a'::uuid, '318c76db-115e-5f04-9286-3c0c056204bd'::uuid, 'Family Emergency First Aid Kit, 250 Pieces', 34.99, 2, now() - interval '270215 minutes'),
  ('61770de2-283a-55b3-bf27-ee060c45f50f'::uuid, '5121ee77-0e77-5b04-86dd-279ca2acfd7f'::uuid, '4d8947a6-fcb8-5713-a4a5-7f7908fa09cd'::uuid, 'Mylar Bags with Oxygen Absorbers (100 pack)', 29.99, 3, now() - interval '264812 minutes'),
  ('6d5873b7-603a-5223-b8b6-a2babf3babaf'::uuid, '5121ee77-0e77-5b04-86dd-279ca2acfd7f'::uuid, '06edfd7c-e627-5cb7-ae3a-a94f75010b48'::uuid, 'Petzl Actik Core Rechargeable Headlamp', 69.95, 1, now() - interval '264812 minutes'),
  ('eae31d87-772b-58f2-886f-f9b6b2023a56'::uuid, '5121ee77-0e77-5b04-86dd-279ca2acfd7f'::uuid, '7e4a41a0-fafb-5df6-94d2-2deca5ce151b'::uuid, 'UST BlastMatch Fire Starter', 14.99, 1, now() - interval '264812 minutes'),
  ('a9a86556-1720-5a0a-8fdc-115b3b882929'::uuid, 'efaf7426-21bf-5b3d-a6c8-a58150b17b72'::uuid, '7daf33c4-af13-576d-b2a3-ec755ecf5a3d'::uuid, 'Victorinox SwissChamp Pocket Knife', 99.00, 2, now() - interval '260017 minutes'),
  ('d0094f5d-7da8-5f89-a1d9-31a4c3255aa7'::uuid, 'd2b93474-c9ca-5a66-843c-c1b15bd83159'::uuid, '3b4729d4-55d9-567a-9f7d-828a9adac8f0'::uuid, 'Jackery Explorer 1000 Plus Power Station', 799.00, 1, now() - interval '255260 minutes'),
  ('d16e7fa6-9c79-5c2e-8747-d3843e0af22b'::uuid, '29101c65-af3d-56d5-99c8-90d474155323'::uuid, '200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'ZOLEO Satellite Messenger', 199.99, 1, now() - interval '250501 minutes'),
  ('ae81bdb7-6bb6-524d-8368-eecfc8be1085'::uuid, '29101c65-af3d-56d5-99c8-90d474155323'::uuid, '5b4a81e9-d2de-5a5e-ae5c-6a952cca457f'::uuid, 'Schrade SCHF9 Survival Knife', 39.99, 2, now() - interval '250501 minutes'),
  ('3c9a76cd-fb8c-5dea-80a4-462167e883f2'::uuid, '29101c65-af3d-56d5-99c8-90d474155323'::uuid, '695175b4-6161-5416-a606-9fd228c784a6'::uuid, 'Reliance Aqua-Tainer 7 Gallon Water Container', 24.99, 2, now() - interval '250501 minutes'),
  ('fdfd66af-69e7-515e-800c-fd2b05767767'::uuid, '29101c65-af3d-56d5-99c8-90d474155323'::uuid, 'e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'Teton Sports Celsius Sleeping Bag', 64.99, 1, now() - interval '250501 minutes'),
  ('a8d13c2f-9756-5929-a262-33db88db9287'::uuid, '748f5c92-0545-5662-b46a-5dec1fb5cd7b'::uuid, '8a231a88-b454-5e62-814a-b2567610bedd'::uuid, 'SOL Escape Emergency Bivvy', 59.95, 1, now() - interval '246272 minutes'),
  ('2634be78-72a3-5e46-a8d2-25e4f573e59e'::uuid, '1b1dd40e-95fa-581f-8bd2-83584f7fde4f'::uuid, '8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, 2, now() - interval '241530 minutes'),
  ('df285d02-e867-521b-9b18-4448cecd9973'::uuid, '1b1dd40e-95fa-581f-8bd2-83584f7fde4f'::uuid, 'afafe0e2-1c7e-5e6a-944c-bb7782345b41'::uuid, 'Fire Tinder Tabs (48 pack)', 12.49, 3, now() - interval '241530 minutes'),
  ('eefc1e2f-e609-53eb-af0b-0e05a0605370'::uuid, '1b1dd40e-95fa-581f-8bd2-83584f7fde4f'::uuid, '5b82551b-06be-5ca3-bd6c-9094dabb791e'::uuid, 'LifeStraw Personal Water Filter', 19.95, 2, now() - interval '241530 minutes'),
  ('138ccc8d-48d4-50dc-85f2-a3fbc9c72c6f'::uuid, '51802162-9dff-5e8a-82a8-872ebe36de1b'::uuid, '695175b4-6161-5416-a606-9fd228c784a6'::uuid, 'Reliance Aqua-Tainer 7 Gallon Water Container', 24.99, 2, now() - interval '236940 minutes'),
  ('cfe44f14-1856-56bb-9232-8c994a63f6aa'::uuid, '51802162-9dff-5e8a-82a8-872ebe36de1b'::uuid, 'b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, 2, now() - interval '236940 minutes'),
  ('4ef9a1a3-a332-55db-a757-ccc0db42fcc4'::uuid, '51802162-9dff-5e8a-82a8-872ebe36de1b'::uuid, '113fdee9-9b78-5c42-a434-876f2ac520db'::uuid, 'Goal Zero Lighthouse 600 Lantern', 79.95, 2, now() - interval '236940 minutes'),
  ('2f84c8c9-83b0-5732-81e6-1225e68274dd'::uuid, '352c0054-3060-54b2-99b8-b30fdb9b609a'::uuid, '5b82551b-06be-5ca3-bd6c-9094dabb791e'::uuid, 'LifeStraw Personal Water Filter', 19.95, 1, now() - interval '232824 minutes'),
  ('2a327098-45b0-520e-81c9-f667bb39898e'::uuid, '352c0054-3060-54b2-99b8-b30fdb9b609a'::uuid, 'fe3eb712-e4bf-53f9-93c0-5c170e6072d8'::uuid, 'Gerber Suspension-NXT Multi-Tool', 44.99, 1, now() - interval '232824 minutes'),
  ('f7c18e28-816d-5a8e-bc43-9de789a9d226'::uuid, '352c0054-3060-54b2-99b8-b30fdb9b609a'::uuid, '337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'Eton FRX5-BT Hand-Crank Weather Radio', 79.99, 3, now() - interval '232824 minutes'),
  ('6b7585aa-6cf5-58f0-bd33-15c7aa4a5c71'::uuid, 'd4a7c5d2-a6dd-55e1-ae1c-9a2c1b3bc01e'::uuid, '42b93b2f-6e83-5e36-9a62-5db63690b3e4'::uuid, 'Goal Zero Yeti 500X Power Station', 549.95, 2, now() - interval '228343 minutes'),
  ('36b917da-fe31-5091-8965-2d0fe095e52e'::uuid, '663945ab-9480-5ca8-95d5-ceb799fd3050'::uuid, '49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'SOG PowerAccess Deluxe Multi-Tool', 69.95, 3, now() - interval '224445 minutes'),
  ('c576a0ad-95c5-58be-914c-05c5906e6d1d'::uuid, '5e65985c-e8da-5623-a8d3-1350a8e15dd8'::uuid, '49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'SOG PowerAccess Deluxe Multi-Tool', 69.95, 2, now() - interval '220358 minutes'),
  ('091ac2d2-9516-5649-aaac-3fb7691b6e26'::uuid, '5e65985c-e8da-5623-a8d3-1350a8e15dd8'::uuid, 'a40f512b-a4e0-5ba8-a305-e71da5328d6f'::uuid, 'Mountain House Classic 12-Meal Bucket', 119.95, 1, now() - interval '220358 minutes'),
  ('0d26139f-72ae-59e4-a381-34576c30b910'::uuid, 'aaebc689-bd20-555c-9ffa-539ac83781d0'::uuid, 'b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, 3, now() - interval '216167 minutes'),
  ('6cc85bc0-3279-5454-94f3-7ee48c59f267'::uuid, 'aaebc689-bd20-555c-9ffa-539ac83781d0'::uuid, '6921a098-0da1-536c-b5e9-b6460d46b854'::uuid, 'Sawyer Squeeze Water Filtration System', 39.99, 1, now() - interval '216167 minutes'),
  ('6b5e165b-1836-5924-975d-c185471ddcfd'::uuid, 'aaebc689-bd20-555c-9ffa-539ac83781d0'::uuid, '63190873-80ca-5a96-8b2c-ccdf0dd21f0d'::uuid, 'Multitasker Tactical Multi-Tool', 59.99, 3, now() - interval '216167 minutes'),
  ('203fe729-af93-5699-ae41-338004b22ac3'::uuid, 'aaebc689-bd20-555c-9ffa-539ac83781d0'::uuid, 'ecdacc66-7f04-5086-b31b-98c3c54be222'::uuid, 'Morakniv Garberg Survival Knife', 89.99, 2, now() - interval '216167 minutes'),
  ('872e5d99-b409-5599-a423-b3b2e4b53467'::uuid, '1ac5a4d3-6d8a-5694-a5fb-4e5467cf3cad'::uuid, '58d35642-0823-504c-a35c-58858f3b9566'::uuid, 'SteriPEN Ultra UV Water Purifier', 99.95, 2, now() - interval '211848 minutes'),
  ('6c8c49c8-64db-573b-887d-7964048ced54'::uuid, '1ac5a4d3-6d8a-5694-a5fb-4e5467cf3cad'::uuid, '72feb2b6-4c9e-5a47-8f8a-74808c568663'::uuid, 'Iridium Extreme 9575 Satellite Phone', 1299.00, 1, now() - interval '211848 minutes'),
  ('b375ce3d-5bf6-5dc8-9ff8-d9f294888d26'::uuid, '1ac5a4d3-6d8a-5694-a5fb-4e5467cf3cad'::uuid, '25bf6dc3-1414-5a71-9d3b-a8326c98f5ea'::uuid, 'Long Grain White Rice, 20 lb Mylar Pail', 39.95, 1, now() - interval '211848 minutes'),
  ('7e5332ec-a541-548f-a730-a5280d4399a2'::uuid, '5d6c8ef1-4174-5b31-858d-429a9f7d909b'::uuid, '2d0b88ec-b8e4-55c7-b204-777cf04ec6a7'::uuid, 'Kelty Tempest 2-Person Tent', 229.95, 1, now() - interval '208003 minutes'),
  ('69962290-604f-5f63-820a-f08aa6721172'::uuid, '5d6c8ef1-4174-5b31-858d-429a9f7d909b'::uuid, 'f455bfbe-38dc-51b6-a598-d572b7dc1623'::uuid, 'Kaito KA500 Solar Crank Radio', 49.99, 2, now() - interval '208003 minutes'),
  ('aa2f4351-0348-5219-9b9e-9834daa326ed'::uuid, '7054ca5b-e859-5582-84c6-aa87bc84e8fa'::uuid, '695175b4-6161-5416-a606-9fd228c784a6'::uuid, 'Reliance Aqua-Tainer 7 Gallon Water Container', 24.99, 1, now() - interval '203741 minutes'),
  ('04c1560a-9d8f-57d2-a0f1-438d274b5e2a'::uuid, 'ad9b6eb2-3f52-53f0-b3ab-743f02458b0b'::uuid, 'b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, 2, now() - interval '199861 minutes'),
  ('be5893ef-15e5-5ea3-afea-97b2f04b7a3d'::uuid, '429a9e2d-012c-5f63-96ac-ff04cda4a88d'::uuid, 'd0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 3, now() - interval '196269 minutes'),
  ('57551cec-df80-5697-aa75-0e76ebd4755b'::uuid, '429a9e2d-012c-5f63-96ac-ff04cda4a88d'::uuid, '6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'Peak Refuel Beef Stroganoff', 13.95, 3, now() - interval '196269 minutes'),
  ('b73ed014-9d55-5735-b6e9-2765273f0caa'::uuid, '429a9e2d-012c-5f63-96ac-ff04cda4a88d'::uuid, '9e29ccca-b41e-59d1-a425-f5d731da77e0'::uuid, 'BigBlue 28 W Portable Solar Charger', 69.99, 1, now() - interval '196269 minutes'),
  ('096310a5-e0a3-53f6-9148-02bec5889711'::uuid, '5ce4a6b3-0249-5780-8cbd-28ad7ea4fc82'::uuid, '463dbe4a-f90a-5370-b1e7-7ad65080ac87'::uuid, 'Zippo Emergency Fire Starter', 12.95, 1, now() - interval '192425 minutes'),
  ('53409d46-614d-59f2-aae1-e10dd9d1ed59'::uuid, '29cdf8af-bfa7-5851-9caf-6a9a29ec95b4'::uuid, '463dbe4a-f90a-5370-b1e7-7ad65080ac87'::uuid, 'Zippo Emergency Fire Starter', 12.95, 3, now() - interval '188497 minutes'),
  ('8771dc46-e0e4-5c49-99ad-40809d1b203c'::uuid, '29cdf8af-bfa7-5851-9caf-6a9a29ec95b4'::uuid, '72feb2b6-4c9e-5a47-8f8a-74808c568663'::uuid, 'Iridium Extreme 9575 Satellite Phone', 1299.00, 3, now() - interval '188497 minutes'),
  ('cecaca82-66c6-512b-9c6f-3fa49653891d'::uuid, '29cdf8af-bfa7-5851-9caf-6a9a29ec95b4'::uuid, '200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'ZOLEO Satellite Messenger', 199.99, 1, now() - interval '188497 minutes'),
  ('698bf736-20d6-5f73-8bfb-246586f623bb'::uuid, 'f44e1401-9f36-5c8f-8220-419984dc85e4'::uuid, '200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'ZOLEO Satellite Messenger', 199.99, 1, now() - interval '184592 minutes'),
  ('5b1b96ea-c200-5c2a-9b2d-1e3692e4eff3'::uuid, 'f44e1401-9f36-5c8f-8220-419984dc85e4'::uuid, '2d937255-e154-561b-94bb-f77354d11aae'::uuid, 'Berkey Big Gravity Water Filter', 389.00, 1, now() - interval '184592 minutes'),
  ('faee7e5c-7df0-5bed-b709-182c5352e54f'::uuid, 'b014e3d2-5119-5283-a018-5676edf40b07'::uuid, '06edfd7c-e627-5cb7-ae3a-a94f75010b48'::uuid, 'Petzl Actik Core Rechargeable Headlamp', 69.95, 2, now() - interval '181091 minutes'),
  ('1aa62ffd-c8b3-5e86-a300-d6ca751eb5f2'::uuid, 'b014e3d2-5119-5283-a018-5676edf40b07'::uuid, 'cbb10996-217a-5cb1-9078-fc62fe3c96af'::uuid, 'QuikClot Hemostatic Gauze', 44.99, 2, now() - interval '181091 minutes'),
  ('a6176442-d0cd-57b9-9e28-815ebf166ad6'::uuid, 'b014e3d2-5119-5283-a018-5676edf40b07'::uuid, 'e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'Teton Sports Celsius Sleeping Bag', 64.99, 1, now() - interval '181091 minutes'),
  ('f4b81a8e-ba29-51ae-a96e-846569191451'::uuid, '10a1a0fa-98d7-5c87-ac43-10fb94589770'::uuid, '51e7d66d-40e5-5d50-9816-0c8807646484'::uuid, 'Renogy 200 W Monocrystalline Panel', 219.99, 3, now() - interval '176956 minutes'),
  ('c62e89fe-7b70-56bd-bb86-012493fa9ea7'::uuid, '10a1a0fa-98d7-5c87-ac43-10fb94589770'::uuid, '15951ab0-ba0a-5568-879c-11567140ebfe'::uuid, 'North American Rescue CAT Tourniquet', 32.99, 1, now() - interval '176956 minutes'),
  ('30ffaf65-44d9-5fe1-9af6-db47a4a23113'::uuid, '93aa6516-d54e-5abe-a022-9578a19546b0'::uuid, 'e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'Teton Sports Celsius Sleeping Bag', 64.99, 1, now() - interval '173253 minutes'),
  ('43c012fe-57a4-5e04-a017-beb68cfd42ba'::uuid, '4f853696-0a23-5233-a474-219e5d3d2758'::uuid, '9c729322-5b73-5140-911c-5947e07d2e8d'::uuid, 'Emergency Signal Mirror and Whistle Set', 14.99, 2, now() - interval '169666 minutes'),
  ('6d012bf0-42d6-5bcb-bf63-5c24e680e3e2'::uuid, 'fb9d9c40-afdb-5e89-b9fd-cf3c5145b5e0'::uuid, '7daf33c4-af13-576d-b2a3-ec755ecf5a3d'::uuid, 'Victorinox SwissChamp Pocket Knife', 99.00, 1, now() - interval '166072 minutes'),
  ('b87f5b5e-a564-552b-a2a4-24a54407b67b'::uuid, 'fb9d9c40-afdb-5e89-b9fd-cf3c5145b5e0'::uuid, '337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'Eton FRX5-BT Hand-Crank Weather Radio', 79.99, 1, now() - interval '166072 minutes'),
  ('0ea4f524-eaf5-5c26-a1d1-441ef58d4ba8'::uuid, 'fb9d9c40-afdb-5e89-b9fd-cf3c5145b5e0'::uuid, '1df233bc-ae42-5ee4-99ea-7307cb11be94'::uuid, 'WaterBOB Bathtub Emergency Water Storage', 34.99, 1, now() - interval '166072 minutes'),
  ('2096a407-933e-50de-9111-88a8a610402b'::uuid, 'c63240f4-ba4b-5951-b298-15e35a5625c4'::uuid, 'f455bfbe-38dc-51b6-a598-d572b7dc1623'::uuid, 'Kaito KA500 Solar Crank Radio', 49.99, 2, now() - interval '162356 minutes'),
  ('dda8874f-99cf-5d77-a239-be8f8b481d24'::uuid, 'c63240f4-ba4b-5951-b298-15e35a5625c4'::uuid, '5b4a81e9-d2de-5a5e-ae5c-6a952cca457f'::uuid, 'Schrade SCHF9 Survival Knife', 39.99, 1, now() - interval '162356 minutes'),
  ('036aa008-91bb-5dec-a76b-2035a67693ea'::uuid, 'c45207e2-18ea-53dc-948d-5b1a5d3b7a08'::uuid, 'bf25c9b0-7fc2-500b-8cff-10332b2ac896'::uuid, 'National Geographic Waterproof Road Atlas', 24.95, 3, now() - interval '158977 minutes'),
  ('b1e499eb-07dd-591b-a2fb-5dbf07e4f5e3'::uuid, 'c45207e2-18ea-53dc-948d-5b1a5d3b7a08'::uuid, '87a8fd7f-7455-5e65-bc86-43d4cdba8920'::uuid, 'Eneloop Pro AA Rechargeable Batteries (8 pack)', 39.99, 3, now() - interval '158977 minutes'),
  ('78850a65-ddcf-5efc-9b63-c1129abeca63'::uuid, '208a9be3-435d-5afd-9b94-ddcf0b044fe5'::uuid, 'a40f512b-a4e0-5ba8-a305-e71da5328d6f'::uuid, 'Mountain House Classic 12-Meal Bucket', 119.95, 1, now() - interval '155562 minutes'),
  ('1aa18ebe-b679-5f67-8e9d-dea8a10ac918'::uuid, '43b4130c-484f-5fd3-ab81-1f4750422021'::uuid, '8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, 2, now() - interval '151489 minutes'),
  ('7c9ed0bb-c23c-5933-b640-6c8bbc5acc9a'::uuid, '43b4130c-484f-5fd3-ab81-1f4750422021'::uuid, 'f455bfbe-38dc-51b6-a598-d572b7dc1623'::uuid, 'Kaito KA500 Solar Crank Radio', 49.99, 2, now() - interval '151489 minutes'),
  ('c53f514c-3c9b-5199-be9a-b044771fb681'::uuid, '43b4130c-484f-5fd3-ab81-1f4750422021'::uuid, '337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'Eton FRX5-BT Hand-Crank Weather Radio', 79.99, 2, now() - interval '151489 minutes'),
  ('2cdd4c7d-4751-5cb1-9012-7257a0a01aa5'::uuid, '43b4130c-484f-5fd3-ab81-1f4750422021'::uuid, '113fdee9-9b78-5c42-a434-876f2ac520db'::uuid, 'Goal Zero Lighthouse 600 Lantern', 79.95, 1, now() - interval '151489 minutes'),
  ('5b39b857-9791-54f6-9a88-087e8d686391'::uuid, 'bfe975c4-ed42-5bf4-9acb-bfcc8c362d28'::uuid, 'fe052a2d-1e15-548a-a1cc-5c0871dd7fa0'::uuid, 'Garmin inReach Mini 2 Satellite Communicator', 399.99, 2, now() - interval '147945 minutes'),
  ('311e08a0-ec8f-50ed-bad2-97529e9377c3'::uuid, 'ec9246b4-695b-5474-b9f9-779595754aa3'::uuid, '42ea065e-266e-572e-888f-a7ebd4637733'::uuid, 'Black Diamond Spot 400 Headlamp', 49.95, 1, now() - interval '144433 minutes'),
  ('eb7f4487-2b73-597f-af57-b4165bc436d3'::uuid, 'd73f16d9-ebb5-571b-bcda-8a8608657a53'::uuid, '42ea065e-266e-572e-888f-a7ebd4637733'::uuid, 'Black Diamond Spot 400 Headlamp', 49.95, 1, now() - interval '140902 minutes'),
  ('7017b6b4-e1da-5878-b26e-3c351239394a'::uuid, 'd73f16d9-ebb5-571b-bcda-8a8608657a53'::uuid, '7e17a068-4c11-577d-a6a6-435b3208f17b'::uuid, 'Katadyn Micropur Purification Tablets (30)', 14.95, 1, now() - interval '140902 minutes'),
  ('939a7cc8-576c-532d-9673-0ec2262a4abf'::uuid, 'd73f16d9-ebb5-571b-bcda-8a8608657a53'::uuid, '8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, 3, now() - interval '140902 minutes'),
  ('c68f5a6f-7eb5-5057-a406-e3b9a5a89c7b'::uuid, 'e79ce3b6-0339-511d-b933-e24d89f2e7b9'::uuid, '59565893-2081-5c97-80b5-8acfa2f55baf'::uuid, 'ReadyWise 120-Serving Emergency Food Supply', 299.99, 1, now() - interval '137699 minutes'),
  ('11af5422-4906-51bf-a0a1-3a53927b6eaa'::uuid, 'e79ce3b6-0339-511d-b933-e24d89f2e7b9'::uuid, '318c76db-115e-5f04-9286-3c0c056204bd'::uuid, 'Family Emergency First Aid Kit, 250 Pieces', 34.99, 2, now() - interval '137699 minutes'),
  ('183383d8-930c-5387-bb5a-c6c4b9b2d089'::uuid, 'e79ce3b6-0339-511d-b933-e24d89f2e7b9'::uuid, '8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, 2, now() - interval '137699 minutes'),
  ('1c1623cd-379e-5f86-8c0f-0292d51092b1'::uuid, 'e79ce3b6-0339-511d-b933-e24d89f2e7b9'::uuid, '200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'ZOLEO Satellite Messenger', 199.99, 2, now() - interval '137699 minutes'),
  ('73715740-bdb4-508f-9780-0e04029a3eed'::uuid, '0dfdeceb-1c84-565b-986e-c950f324bab4'::uuid, '6921a098-0da1-536c-b5e9-b6460d46b854'::uuid, 'Sawyer Squeeze Water Filtration System', 39.99, 1, now() - interval '134014 minutes'),
  ('eaf7fd1a-b53d-5d04-8f70-7b710f85915e'::uuid, '93a8ca70-9dc2-59f0-a8fb-523b1191a531'::uuid, '3b4729d4-55d9-567a-9f7d-828a9adac8f0'::uuid, 'Jackery Explorer 1000 Plus Power Station', 799.00, 1, now() - interval '130599 minutes'),
  ('8f5c13e8-5f38-5c6a-bf50-0cd536a4e2b2'::uuid, 'e1f9a9b2-74f4-5143-9b9d-516ff8169418'::uuid, '58d35642-0823-504c-a35c-58858f3b9566'::uuid, 'SteriPEN Ultra UV Water Purifier', 99.95, 3, now() - interval '127194 minutes'),
  ('02a30051-5521-5325-8d6e-a6850b6ac1f1'::uuid, 'e1f9a9b2-74f4-5143-9b9d-516ff8169418'::uuid, '9ea8fef8-335e-5d8c-bf2d-0b997da49f78'::uuid, 'Inmarsat IsatPhone 2 Satellite Phone', 849.00, 2, now() - interval '127194 minutes'),
  ('c7a54b7c-47f0-5ccc-9695-5a42133dc326'::uuid, '24d16b6b-fc78-584d-9ade-8732a1668874'::uuid, 'b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, 1, now() - interval '123925 minutes'),
  ('34e3bf8a-8057-5e7b-a2f1-54a79411fa6f'::uuid, 'ad048590-4ae2-597d-978f-ca836cf99042'::uuid, '64358748-d179-520b-8b70-adc537b70706'::uuid, 'UCO Stormproof Match Kit', 9.99, 1, now() - interval '120330 minutes'),
  ('434f828f-4a81-5133-8c51-678f188881fe'::uuid, 'ad048590-4ae2-597d-978f-ca836cf99042'::uuid, '16835a34-14a9-5362-88f9-91e3cb0966cc'::uuid, 'Datrex 3600 Emergency Ration Bar', 9.99, 3, now() - interval '120330 minutes'),
  ('b17f834d-e176-5048-ae84-8f715a4708e1'::uuid, '046718b8-fa52-5aef-ab50-ebbddb1dbdb4'::uuid, 'fe3eb712-e4bf-53f9-93c0-5c170e6072d8'::uuid, 'Gerber Suspension-NXT Multi-Tool', 44.99, 3, now() - interval '117109 minutes'),
  ('cc6783e1-04e4-54eb-b609-6310dafa4b8b'::uuid, 'db2ce616-66e3-5afc-9020-5166cfa8b283'::uuid, '6e1e0c3b-e99a-5cff-b3e5-bf7d7af9d016'::uuid, 'Leatherman Skeletool Multi-Tool', 79.95, 1, now() - interval '113905 minutes'),
  ('8db1fd53-a0d8-5452-b561-3161d932855d'::uuid, 'db2ce616-66e3-5afc-9020-5166cfa8b283'::uuid, 'b072314a-2f63-57f9-ab6d-a3d3be462a7f'::uuid, 'Suunto MC-2 Mirror Compass', 69.99, 3, now() - interval '113905 minutes'),
  ('2870db6d-b182-5f9a-b4d5-e102f44cd870'::uuid, 'ff290d0a-c268-514d-a695-8f3b6c00f1a1'::uuid, '49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'SOG PowerAccess Deluxe Multi-Tool', 69.95, 1, now() - interval '110572 minutes'),
  ('dee2a359-8299-5147-9bf2-3565462b7f42'::uuid, 'fef73cd2-8eb3-5839-8bd1-0cf7108d92b4'::uuid, 'e5cf9447-07ba-5ba1-aa67-fe7dea1022d6'::uuid, 'Fenix PD36R Rechargeable Flashlight', 89.95, 1, now() - interval '106935 minutes'),
  ('949f64a7-3db1-5285-8ed5-ef453bf2cac3'::uuid, 'fef73cd2-8eb3-5839-8bd1-0cf7108d92b4'::uuid, 'b776fc96-fd08-5f9a-ba93-e923058b8c0e'::uuid, 'Gerber Bear Grylls Ultimate Knife', 54.99, 1, now() - interval '106935 minutes'),
  ('5edb4b0c-cdf7-5d57-9f8b-110511a0fcb8'::uuid, 'fef73cd2-8eb3-5839-8bd1-0cf7108d92b4'::uuid, '16e8d26c-0d4c-50da-8fa1-478a027a056c'::uuid, 'Hand-Crank USB Emergency Charger', 24.99, 1, now() - interval '106935 minutes'),
  ('0e600702-4666-59a7-a5e0-f3e81eb292aa'::uuid, 'a92f5921-c238-57a0-94bb-7ecb4a31fbbe'::uuid, '6feea9d4-84e8-52c4-8c58-353528e2a6e8'::uuid, 'Food-Grade Bucket Kit with Gamma Lids (6 pack)', 69.95, 1, now() - interval '103833 minutes'),
  ('dfc3d5d4-6d15-5953-a4f6-065e2ec90206'::uuid, 'f4102d11-c800-5a0b-a94b-a3deee36fe38'::uuid, '51e7d66d-40e5-5d50-9816-0c8807646484'::uuid, 'Renogy 200 W Monocrystalline Panel', 219.99, 1, now() - interval '100406 minutes'),
  ('c284880c-986a-573a-a0ee-7e5842a88725'::uuid, 'f4102d11-c800-5a0b-a94b-a3deee36fe38'::uuid, '19ed066f-7dc2-576a-9f47-dca95471f40b'::uuid, 'Leatherman Signal Multi-Tool', 129.95, 1, now() - interval '100406 minutes'),
  ('53a3bdbe-7524-5230-af03-e7a41073120b'::uuid, 'f4102d11-c800-5a0b-a94b-a3deee36fe38'::uuid, '2d0b88ec-b8e4-55c7-b204-777cf04ec6a7'::uuid, 'Kelty Tempest 2-Person Tent', 229.95, 2, now() - interval '100406 minutes'),
  ('a7aa1e9f-3797-52f2-bda6-de43df30c1e9'::uuid, '6514d614-5e2d-5ba0-a90e-240c47d40379'::uuid, 'e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'Teton Sports Celsius Sleeping Bag', 64.99, 1, now() - interval '96880 minutes'),
  ('d5f5d388-fa92-54a6-a04c-2d667a558d88'::uuid, '6514d614-5e2d-5ba0-a90e-240c47d40379'::uuid, '029f3e4a-7e08-57e6-9396-f8782b31f787'::uuid, 'Cammenga Tritium Lensatic Compass', 109.99, 3, now() - interval '96880 minutes'),
  ('ae52cc5f-6bda-5214-b520-e63dc9ba9989'::uuid, '2c820524-445e-5888-8da3-b9d85769ae76'::uuid, '463dbe4a-f90a-5370-b1e7-7ad65080ac87'::uuid, 'Zippo Emergency Fire Starter', 12.95, 2, now() - interval '93682 minutes'),
  ('a7d2887e-95b4-5cab-bd82-88cfa4e3b6bc'::uuid, '2c820524-445e-5888-8da3-b9d85769ae76'::uuid, 'd0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 1, now() - interval '93682 minutes'),
  ('d8ff1d45-ce63-5c55-afe4-35a8938b691b'::uuid, 'ebf6cfc9-4f13-5cb0-8012-9437a208130f'::uuid, '5ab0a60d-3a88-5a1a-8941-e28d9e23201c'::uuid, 'Midland GXT1000 Two-Way Radio Pair', 89.99, 3, now() - interval '90614 minutes'),
  ('4f007260-95a8-5ce4-af0f-6a0025694050'::uuid, '1e8dd6ab-4509-5114-92d4-c752eccf081c'::uuid, '9c729322-5b73-5140-911c-5947e07d2e8d'::uuid, 'Emergency Signal Mirror and Whistle Set', 14.99, 1, now() - interval '87242 minutes'),
  ('967afa98-095a-5a32-ac4f-764dd15b9e59'::uuid, '47ffcd07-6773-5d99-b04f-08e5365917f4'::uuid, '3fbf1485-fde3-50e4-88aa-89ee654c8e63'::uuid, 'Hard Red Wheat Berries, 25 lb', 34.95, 1, now() - interval '84321 minutes'),
  ('c2dd46bc-01da-55d7-b92c-cfd39c5d7105'::uuid, '47ffcd07-6773-5d99-b04f-08e5365917f4'::uuid, '5ab0a60d-3a88-5a1a-8941-e28d9e23201c'::uuid, 'Midland GXT1000 Two-Way Radio Pair', 89.99, 1, now() - interval '84321 minutes'),
  ('373cf117-efed-5f65-8e7c-4a3490d6e70e'::uuid, '47ffcd07-6773-5d99-b04f-08e5365917f4'::uuid, '49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'SOG PowerAccess Deluxe Multi-Tool', 69.95, 2, now() - interval '84321 minutes'),
  ('83ef982f-4181-5a4b-9289-d7d6fb9f974f'::uuid, '58711f89-7b99-5495-a9e5-56490b4facd1'::uuid, '8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, 2, now() - interval '80838 minutes'),
  ('ab31d6f8-b84d-520b-ab62-910a91526f55'::uuid, '58711f89-7b99-5495-a9e5-56490b4facd1'::uuid, '16e8d26c-0d4c-50da-8fa1-478a027a056c'::uuid, 'Hand-Crank USB Emergency Charger', 24.99, 2, now() - interval '80838 minutes'),
  ('8a02fe5f-f536-5560-b3fc-430e109e49cd'::uuid, '82630636-eea0-56cf-b881-ef374a9dd8b8'::uuid, '7e4a41a0-fafb-5df6-94d2-2deca5ce151b'::uuid, 'UST BlastMatch Fire Starter', 14.99, 3, now() - interval '77464 minutes'),
  ('f0c20e1c-861b-57a5-8ab0-8c71b1b2910f'::uuid, '82630636-eea0-56cf-b881-ef374a9dd8b8'::uuid, 'b59c9ce0-c453-5cb4-a143-567687b136fb'::uuid, 'Aqua Quest Defender Tarp 3x3 m', 79.00, 2, now() - interval '77464 minutes'),
  ('5ca5c353-3717-57dd-b717-3a864d0c22a6'::uuid, '82630636-eea0-56cf-b881-ef374a9dd8b8'::uuid, '3b9b5083-d1dc-58eb-83df-d209560328b3'::uuid, 'Motorola Talkabout T470 Radio Twin Pack', 79.99, 1, now() - interval '77464 minutes'),
  ('cce7035e-6eae-5bb0-bb3f-981a5135f3c4'::uuid, '5124fb1d-6c04-50a8-aede-78ddb2970d86'::uuid, 'd0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 3, now() - interval '74668 minutes'),
  ('5ac86b25-71a1-5d5d-a3a6-168e5601c90a'::uuid, '5124fb1d-6c04-50a8-aede-78ddb2970d86'::uuid, '4d8947a6-fcb8-5713-a4a5-7f7908fa09cd'::uuid, 'Mylar Bags with Oxygen Absorbers (100 pack)', 29.99, 1, now() - interval '74668 minutes'),
  ('385ef503-6984-5643-b721-2c91b0ad4269'::uuid, '5124fb1d-6c04-50a8-aede-78ddb2970d86'::uuid, '16e8d26c-0d4c-50da-8fa1-478a027a056c'::uuid, 'Hand-Crank USB Emergency Charger', 24.99, 2, now() - interval '74668 minutes'),
  ('78cf4c07-56cc-56ba-8f38-ff747a384a2e'::uuid, '5124fb1d-6c04-50a8-aede-78ddb2970d86'::uuid, 'fe052a2d-1e15-548a-a1cc-5c0871dd7fa0'::uuid, 'Garmin inReach Mini 2 Satellite Communicator', 399.99, 1, now() - interval '74668 minutes'),
  ('1d52ad56-5e9e-5a82-9bfb-6c4c96f518fc'::uuid, '11fc178e-ab2d-5c35-b345-f7a2b5f878f6'::uuid, '51e7d66d-40e5-5d50-9816-0c8807646484'::uuid, 'Renogy 200 W Monocrystalline Panel', 219.99, 2, now() - interval '71064 minutes'),
  ('bf082441-8fbd-597d-8593-75795e5db2d0'::uuid, '11fc178e-ab2d-5c35-b345-f7a2b5f878f6'::uuid, '25bf6dc3-1414-5a71-9d3b-a8326c98f5ea'::uuid, 'Long Grain White Rice, 20 lb Mylar Pail', 39.95, 3, now() - interval '71064 minutes'),
  ('9cfed60b-dd9a-5550-93b8-7c6507a8696b'::uuid, '57689b61-c8e1-5e32-be48-b23e06bcd4c0'::uuid, 'e0ee17dd-2ac9-5a06-8b55-a40589318afe'::uuid, 'EcoFlow River 2 Pro Portable Power Station', 449.00, 2, now() - interval '68052 minutes'),
  ('a25d97ce-e0ab-52e4-9e17-ac057478145f'::uuid, '57689b61-c8e1-5e32-be48-b23e06bcd4c0'::uuid, '63190873-80ca-5a96-8b2c-ccdf0dd21f0d'::uuid, 'Multitasker Tactical Multi-Tool', 59.99, 2, now() - interval '68052 minutes'),
  ('204a947c-192a-59f7-9d00-deac52c8d3df'::uuid, '57689b61-c8e1-5e32-be48-b23e06bcd4c0'::uuid, '42ea065e-266e-572e-888f-a7ebd4637733'::uuid, 'Black Diamond Spot 400 Headlamp', 49.95, 1, now() - interval '68052 minutes'),
  ('f4a2fa0f-4696-5a56-a9b1-fa21298d24a4'::uuid, '57689b61-c8e1-5e32-be48-b23e06bcd4c0'::uuid, '59565893-2081-5c97-80b5-8acfa2f55baf'::uuid, 'ReadyWise 120-Serving Emergency Food Supply', 299.99, 1, now() - interval '68052 minutes'),
  ('19871289-908d-51ea-8f42-c632bdef15b9'::uuid, '78b88218-f09e-5ad7-ba04-6bbf90f7bd8d'::uuid, '25bf6dc3-1414-5a71-9d3b-a8326c98f5ea'::uuid, 'Long Grain White Rice, 20 lb Mylar Pail', 39.95, 2, now() - interval '64866 minutes'),
  ('15c9cdc9-2169-5174-a27b-f8f94bd5191a'::uuid, '78b88218-f09e-5ad7-ba04-6bbf90f7bd8d'::uuid, '15951ab0-ba0a-5568-879c-11567140ebfe'::uuid, 'North American Rescue CAT Tourniquet', 32.99, 3, now() - interval '64866 minutes'),
  ('1950baa3-0414-590b-8604-1ad00640f601'::uuid, '78b88218-f09e-5ad7-ba04-6bbf90f7bd8d'::uuid, '3d09d9e7-c00d-5847-9882-01f28907f690'::uuid, 'Adventure Medical Kits Mountain Series Explorer', 79.99, 1, now() - interval '64866 minutes'),
  ('c2f14c70-a22e-5c6d-bbeb-149868278431'::uuid, '4e236eee-66d8-5e20-ae85-1d8f4ae01984'::uuid, '5b4a81e9-d2de-5a5e-ae5c-6a952cca457f'::uuid, 'Schrade SCHF9 Survival Knife', 39.99, 3, now() - interval '61930 minutes'),
  ('e466ebd0-abfe-5689-b574-90349972b35b'::uuid, '4e236eee-66d8-5e20-ae85-1d8f4ae01984'::uuid, '9bf7d387-cabe-5723-9931-462d3163b4d5'::uuid, 'Leatherman Wave+ Multi-Tool', 119.95, 3, now() - interval '61930 minutes'),
  ('40c0ab61-1370-525a-984d-6afc3b118064'::uuid, '4e236eee-66d8-5e20-ae85-1d8f4ae01984'::uuid, 'bf25c9b0-7fc2-500b-8cff-10332b2ac896'::uuid, 'National Geographic Waterproof Road Atlas', 24.95, 2, now() - interval '61930 minutes'),
  ('a570d8c7-af0a-5f61-a80e-858e9bf1a564'::uuid, '4e236eee-66d8-5e20-ae85-1d8f4ae01984'::uuid, '2d937255-e154-561b-94bb-f77354d11aae'::uuid, 'Berkey Big Gravity Water Filter', 389.00, 1, now() - interval '61930 minutes'),
  ('3c50e39d-4e27-5051-8c4d-4eeee4dcaf1d'::uuid, 'f23960b7-3dd2-5049-b4ce-59a21e70a047'::uuid, '6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'Peak Refuel Beef Stroganoff', 13.95, 1, now() - interval '58346 minutes'),
  ('3820d57e-de7e-55cd-b661-a2a730a263a5'::uuid, 'f23960b7-3dd2-5049-b4ce-59a21e70a047'::uuid, '463dbe4a-f90a-5370-b1e7-7ad65080ac87'::uuid, 'Zippo Emergency Fire Starter', 12.95, 1, now() - interval '58346 minutes'),
  ('e79e1f28-2742-598d-ab52-7e7d23a660d4'::uuid, 'f23960b7-3dd2-5049-b4ce-59a21e70a047'::uuid, 'd0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 1, now() - interval '58346 minutes'),
  ('db68302d-16b6-5e9b-99b2-33d0e0869cd5'::uuid, 'f23960b7-3dd2-5049-b4ce-59a21e70a047'::uuid, 'b776fc96-fd08-5f9a-ba93-e923058b8c0e'::uuid, 'Gerber Bear Grylls Ultimate Knife', 54.99, 2, now() - interval '58346 minutes'),
  ('0bcd60e0-cf5f-5419-95e7-006b9ed7814e'::uuid, '70d703a0-6a4f-5507-a285-1e948528552e'::uuid, '7e4a41a0-fafb-5df6-94d2-2deca5ce151b'::uuid, 'UST BlastMatch Fire Starter', 14.99, 2, now() - interval '55180 minutes'),
  ('4aff626f-cb01-595c-a6b6-c3e42af7c7c4'::uuid, '70d703a0-6a4f-5507-a285-1e948528552e'::uuid, '42b93b2f-6e83-5e36-9a62-5db63690b3e4'::uuid, 'Goal Zero Yeti 500X Power Station', 549.95, 1, now() - interval '55180 minutes'),
  ('b24bb7e0-6cef-50fe-8ff9-775e235ba882'::uuid, '70d703a0-6a4f-5507-a285-1e948528552e'::uuid, '5b82551b-06be-5ca3-bd6c-9094dabb791e'::uuid, 'LifeStraw Personal Water Filter', 19.95, 1, now() - interval '55180 minutes'),
  ('5bdc05bf-83da-552f-913d-db221ada2eb6'::uuid, '18597e0f-1444-5162-bc91-6e1503f60ade'::uuid, '87a8fd7f-7455-5e65-bc86-43d4cdba8920'::uuid, 'Eneloop Pro AA Rechargeable Batteries (8 pack)', 39.99, 1, now() - interval '51975 minutes'),
  ('37692b68-156c-5f4b-81d6-08237a2edc56'::uuid, '79858075-cea5-59e8-bac4-38a753a2715e'::uuid, '337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'Eton FRX5-BT Hand-Crank Weather Radio', 79.99, 1, now() - interval '49024 minutes'),
  ('c766be69-1396-5f13-97a3-2bf717e74d03'::uuid, '79858075-cea5-59e8-bac4-38a753a2715e'::uuid, 'efba6385-41de-5542-af30-3169700b1812'::uuid, 'Maglite ML300L 3D LED Flashlight', 49.99, 1, now() - interval '49024 minutes'),
  ('48869c98-ac38-5cf4-925d-f149dbbcf97a'::uuid, '1e62cccd-6a73-52da-9dc6-06531a8d2dda'::uuid, 'efba6385-41de-5542-af30-3169700b1812'::uuid, 'Maglite ML300L 3D LED Flashlight', 49.99, 2, now() - interval '46195 minutes'),
  ('f5c38696-cdc4-5253-98fa-5ada9b287d8a'::uuid, '1e62cccd-6a73-52da-9dc6-06531a8d2dda'::uuid, '8a4fe766-2f5b-5758-9e34-1173c9d76d62'::uuid, 'Augason Farms 30-Day Emergency Food Pail', 109.99, 3, now() - interval '46195 minutes'),
  ('d51b2225-405d-5002-8cde-f7a136bff8d4'::uuid, '1e62cccd-6a73-52da-9dc6-06531a8d2dda'::uuid, '3d09d9e7-c00d-5847-9882-01f28907f690'::uuid, 'Adventure Medical Kits Mountain Series Explorer', 79.99, 2, now() - interval '46195 minutes'),
  ('c8061423-adce-551a-8bd6-1a8da23008a5'::uuid, '9450d736-d415-5d74-bece-0281fa50ae8b'::uuid, 'cbb10996-217a-5cb1-9078-fc62fe3c96af'::uuid, 'QuikClot Hemostatic Gauze', 44.99, 2, now() - interval '43057 minutes'),
  ('ccfc9d06-3194-5b5c-b005-3dd0cc8e63fb'::uuid, 'd445d759-622f-54be-9fd6-121387d3d970'::uuid, '7e17a068-4c11-577d-a6a6-435b3208f17b'::uuid, 'Katadyn Micropur Purification Tablets (30)', 14.95, 3, now() - interval '39788 minutes'),
  ('44bbf9d0-2768-54e8-9a32-f358f8f670ed'::uuid, 'd445d759-622f-54be-9fd6-121387d3d970'::uuid, 'df86ca82-ca1c-52b8-9027-584056e03a1b'::uuid, 'Potassium Iodide Tablets (14 count)', 19.99, 1, now() - interval '39788 minutes'),
  ('52b49e2e-0e48-5652-b463-bd5ca38a171d'::uuid, '32163b68-6313-56b1-8bdc-59897f14c9e4'::uuid, '029f3e4a-7e08-57e6-9396-f8782b31f787'::uuid, 'Cammenga Tritium Lensatic Compass', 109.99, 1, now() - interval '36716 minutes'),
  ('4d6c7987-0b63-551e-b770-e2beef95ad33'::uuid, '0d4d349d-6120-5737-9179-bcc1759f503c'::uuid, '8a231a88-b454-5e62-814a-b2567610bedd'::uuid, 'SOL Escape Emergency Bivvy', 59.95, 2, now() - interval '33682 minutes'),
  ('637c3ca8-410d-5b79-b4dc-0e25a0e6a4c9'::uuid, '48b5de23-8ccc-54e3-97ad-fc413809b191'::uuid, '3fbf1485-fde3-50e4-88aa-89ee654c8e63'::uuid, 'Hard Red Wheat Berries, 25 lb', 34.95, 2, now() - interval '30440 minutes'),
  ('40c81bb1-5b2b-5234-ae12-08e054d01b94'::uuid, '48b5de23-8ccc-54e3-97ad-fc413809b191'::uuid, '1df233bc-ae42-5ee4-99ea-7307cb11be94'::uuid, 'WaterBOB Bathtub Emergency Water Storage', 34.99, 2, now() - interval '30440 minutes'),
  ('7dd44c77-580b-575c-9909-f58e8aa2f7b4'::uuid, '73a519cf-4349-5b77-9183-feaf8bb2f4e9'::uuid, 'c9bd8429-34df-55b0-8e06-680a95bdd18b'::uuid, 'Thuraya X5-Touch Satellite Smartphone', 1549.00, 2, now() - interval '27285 minutes'),
  ('b36ad7af-c0c0-5f35-845b-5cc9bdbadede'::uuid, '73a519cf-4349-5b77-9183-feaf8bb2f4e9'::uuid, '06edfd7c-e627-5cb7-ae3a-a94f75010b48'::uuid, 'Petzl Actik Core Rechargeable Headlamp', 69.95, 1, now() - interval '27285 minutes'),
  ('001a91f9-a66a-5257-8a6a-a3ea815389b8'::uuid, '73a519cf-4349-5b77-9183-feaf8bb2f4e9'::uuid, 'e0ee17dd-2ac9-5a06-8b55-a40589318afe'::uuid, 'EcoFlow River 2 Pro Portable Power Station', 449.00, 1, now() - interval '27285 minutes'),
  ('687bd44e-2793-556a-b46e-93c770c87b0f'::uuid, 'b9d18135-bd58-5a56-bdc7-0d7332d07a93'::uuid, '695175b4-6161-5416-a606-9fd228c784a6'::uuid, 'Reliance Aqua-Tainer 7 Gallon Water Container', 24.99, 2, now() - interval '24474 minutes'),
  ('1a623620-abfb-5c21-ab20-e0578103f375'::uuid, 'b9d18135-bd58-5a56-bdc7-0d7332d07a93'::uuid, '1df233bc-ae42-5ee4-99ea-7307cb11be94'::uuid, 'WaterBOB Bathtub Emergency Water Storage', 34.99, 1, now() - interval '24474 minutes'),
  ('613ecef2-0029-59e4-9927-99a71bcb1ef0'::uuid, 'f84cfc16-49b6-5578-a325-9098447e312d'::uuid, '16835a34-14a9-5362-88f9-91e3cb0966cc'::uuid, 'Datrex 3600 Emergency Ration Bar', 9.99, 3, now() - interval '21622 minutes'),
  ('f1fe9238-096e-5518-9043-140983e56728'::uuid, 'f84cfc16-49b6-5578-a325-9098447e312d'::uuid, '9e29ccca-b41e-59d1-a425-f5d731da77e0'::uuid, 'BigBlue 28 W Portable Solar Charger', 69.99, 1, now() - interval '21622 minutes'),
  ('9d58d1fe-fb74-5153-8740-fe5d7bfd41eb'::uuid, '9c10181a-7094-574b-865f-3c674693f7f9'::uuid, 'c1af2290-4076-5fea-824c-cb830fb6075e'::uuid, 'LuminAID PackLite Max Solar Lantern', 39.99, 3, now() - interval '18564 minutes'),
  ('ae3c1c30-e6dc-536d-9c27-f9b0459cce4a'::uuid, '9c10181a-7094-574b-865f-3c674693f7f9'::uuid, '42ea065e-266e-572e-888f-a7ebd4637733'::uuid, 'Black Diamond Spot 400 Headlamp', 49.95, 1, now() - interval '18564 minutes'),
  ('8dbd3e2c-2691-5cce-891b-2eec5e7dfe4a'::uuid, 'e5a981c5-f327-52fb-9658-68a41388459a'::uuid, '337a659a-03c4-5542-acef-bab69a537a5c'::uuid, 'Eton FRX5-BT Hand-Crank Weather Radio', 79.99, 1, now() - interval '15142 minutes'),
  ('c593a228-bf58-58a8-b3c5-105a0d8fe44c'::uuid, '8cb69a68-4f5a-57ba-8482-106a9d5c5d04'::uuid, '9c729322-5b73-5140-911c-5947e07d2e8d'::uuid, 'Emergency Signal Mirror and Whistle Set', 14.99, 1, now() - interval '12424 minutes'),
  ('c1173f7b-48e1-54a8-adc9-5d61299e8dab'::uuid, '8cb69a68-4f5a-57ba-8482-106a9d5c5d04'::uuid, 'd2f373cd-294c-5765-956b-48a73c5c434a'::uuid, 'Anker PowerCore 26800 Power Bank', 65.99, 1, now() - interval '12424 minutes'),
  ('28f5bd56-fc10-52c2-883c-00282f4b9969'::uuid, '0b7d42fe-8a0a-5d3b-abfd-8a75ce956d16'::uuid, 'fe052a2d-1e15-548a-a1cc-5c0871dd7fa0'::uuid, 'Garmin inReach Mini 2 Satellite Communicator', 399.99, 3, now() - interval '9504 minutes'),
  ('5cdbad1b-415c-5df3-8a8f-de57a55869f3'::uuid, '2c642972-a09b-585f-92f2-499d7a683a45'::uuid, '19ed066f-7dc2-576a-9f47-dca95471f40b'::uuid, 'Leatherman Signal Multi-Tool', 129.95, 2, now() - interval '309 minutes'),
  ('1ba0cd2d-8b9f-548c-8c4b-3401daf9cbeb'::uuid, '2c642972-a09b-585f-92f2-499d7a683a45'::uuid, '2d0b88ec-b8e4-55c7-b204-777cf04ec6a7'::uuid, 'Kelty Tempest 2-Person Tent', 229.95, 3, now() - interval '309 minutes'),
  ('acce3277-6b84-5f85-9e51-e2de40ce6f58'::uuid, '2c642972-a09b-585f-92f2-499d7a683a45'::uuid, '6e1e0c3b-e99a-5cff-b3e5-bf7d7af9d016'::uuid, 'Leatherman Skeletool Multi-Tool', 79.95, 1, now() - interval '309 minutes'),
  ('0ede2014-6241-5e23-89ce-ef361fa6bfee'::uuid, '20aedbfc-8bd0-539a-b3de-d3905966a2cd'::uuid, '49064c99-ac47-5c77-90f1-f531ec80a4c4'::uuid, 'SOG PowerAccess Deluxe Multi-Tool', 69.95, 1, now() - interval '204 minutes'),
  ('bdac2c39-d9d7-5528-baf4-4df7cc0daaa7'::uuid, '20aedbfc-8bd0-539a-b3de-d3905966a2cd'::uuid, '10816312-7b14-5cd6-b82e-2929e75c51df'::uuid, 'Opinel No.8 Carbon Folding Knife', 19.90, 2, now() - interval '204 minutes'),
  ('92bb392c-4c9d-5b65-b277-4131ac300b6c'::uuid, '20aedbfc-8bd0-539a-b3de-d3905966a2cd'::uuid, '6698e529-5f85-58e3-8f10-6af35c99f359'::uuid, 'Peak Refuel Beef Stroganoff', 13.95, 1, now() - interval '204 minutes'),
  ('a87ab4c4-0963-50e2-822a-3a5df5491bb7'::uuid, '63faa9df-2a00-5353-b2ba-c546867c2c2d'::uuid, 'd0b6f827-001f-5df7-b789-4514c3b2059f'::uuid, 'Exotac nanoSTRIKER XL Ferro Rod', 29.95, 1, now() - interval '113 minutes'),
  ('14d9b7f6-0958-5e7e-868e-192333925f32'::uuid, '63faa9df-2a00-5353-b2ba-c546867c2c2d'::uuid, '200b72e2-39fa-569e-a63a-4fd8005f5aca'::uuid, 'ZOLEO Satellite Messenger', 199.99, 3, now() - interval '113 minutes'),
  ('ff364c32-b4be-58a9-b5b3-dd63b1a51c1c'::uuid, '63faa9df-2a00-5353-b2ba-c546867c2c2d'::uuid, 'c1af2290-4076-5fea-824c-cb830fb6075e'::uuid, 'LuminAID PackLite Max Solar Lantern', 39.99, 1, now() - interval '113 minutes'),
  ('d7462da1-7a44-5cbe-9192-719eb0ce8e15'::uuid, '63faa9df-2a00-5353-b2ba-c546867c2c2d'::uuid, 'e7af8a14-71e1-5d33-b16c-f33dcbff2db0'::uuid, 'Teton Sports Celsius Sleeping Bag', 64.99, 3, now() - interval '113 minutes');

-- Each seeded order as place_order would have written it: totals from its lines, the customer's e-mail
-- and address, a payment method and status (bank transfers are paid before processing, pay on delivery
-- when delivered), then the history of how it got where it is.
with addresses (user_id, full_name, line1, line2, city, region, postal_code, country, phone) as (
  values
    ('00000000-0000-4000-8000-000000000001'::uuid, 'Jamie Carter', '1420 Ridgeview Drive', '', 'Boulder', 'CO', '80302', 'United States', '+1 303 555 0142'),
    ('00000000-0000-4000-8000-000000000002'::uuid, 'Sam Lee', '88 Harbor Street', 'Apt 5B', 'Seattle', 'WA', '98101', 'United States', '+1 206 555 0188'),
    ('00000000-0000-4000-8000-000000000011'::uuid, 'Jordan Hayes', '702 Pine Hollow Road', '', 'Asheville', 'NC', '28801', 'United States', '+1 828 555 0702'),
    ('00000000-0000-4000-8000-000000000012'::uuid, 'Priya Patel', '31 Lakeshore Avenue', 'Unit 12', 'Madison', 'WI', '53703', 'United States', '+1 608 555 0131'),
    ('00000000-0000-4000-8000-000000000013'::uuid, 'Marcus Bell', '5 Cedar Court', '', 'Tulsa', 'OK', '74103', 'United States', '+1 918 555 0105'),
    ('00000000-0000-4000-8000-000000000014'::uuid, 'Elena Ruiz', '2290 Mesa Verde Boulevard', '', 'Tucson', 'AZ', '85701', 'United States', '+1 520 555 0229'),
    ('00000000-0000-4000-8000-000000000015'::uuid, 'Owen Fischer', '46 Birch Lane', '', 'Burlington', 'VT', '05401', 'United States', '+1 802 555 0146'),
    ('00000000-0000-4000-8000-000000000016'::uuid, 'Grace Kim', '917 Magnolia Street', 'Suite 3', 'Savannah', 'GA', '31401', 'United States', '+1 912 555 0917'),
    (null::uuid, 'Dana Whitfield', '12 Old Mill Road', '', 'Bangor', 'ME', '04401', 'United States', '+1 207 555 0112')
),
sums as (
  select oi.order_id, sum(oi.unit_price * oi.quantity) as subtotal
  from public.order_items oi
  group by oi.order_id
),
shaped as (
  select o.id, u.email::text as email, t.subtotal, t.shipping, t.tax, t.total,
    -- Every fourth order (by number) is paid on delivery.
    case when (substr(o.order_number, 4))::integer % 4 = 0 then 'cash_on_delivery' else 'bank_transfer' end
      as payment_method,
    jsonb_build_object('full_name', a.full_name, 'line1', a.line1, 'line2', a.line2, 'city', a.city,
      'region', a.region, 'postal_code', a.postal_code, 'country', a.country, 'phone', a.phone) as address
  from public.orders o
  join sums s on s.order_id = o.id
  cross join lateral public.order_totals(s.subtotal) t
  left join auth.users u on u.id = o.user_id
  join addresses a on a.user_id is not distinct from o.user_id
)
update public.orders o
set email = sh.email,
    subtotal = sh.subtotal,
    shipping_amount = sh.shipping,
    tax_amount = sh.tax,
    total_amount = sh.total,
    payment_method = sh.payment_method,
    payment_status = case
      when o.status = 'completed' then 'paid'
      when o.status in ('processing', 'shipped') and sh.payment_method = 'bank_transfer' then 'paid'
      else 'awaiting_payment'
    end,
    shipping_address = sh.address
from shaped sh
where sh.id = o.id;

do $$
begin
  if exists (
    select 1 from seed_orders so join public.orders o on o.id = so.id where o.total_amount <> so.total_amount
  ) or (select count(*) from public.orders) <> (select count(*) from seed_orders) then
    raise exception 'seed.sql: an order''s listed total differs from the total of its lines';
  end if;
end;
$$;

drop table seed_orders;

-- History, as a shop's orders go: placed by the customer (any time of day); the shop (Alex Morgan) works
-- 14:00 to 22:00 UTC (9 to 5 on the US East Coast) and records a bank transfer 2 to 26 hours after placing,
-- starts the order after that (a pay-on-delivery order 2 to 26 hours after placing) and ships it 18 to 42
-- hours later; the courier delivers 2 to 5 days after shipping, in the same hours, when a pay-on-delivery
-- order is paid. Cancelled orders were cancelled by their customer 1 to 21 hours after placing. The gaps
-- and times of day are drawn from each order's id, and an order's status fits its age: none is further
-- along than its days allow (checked below).
create function pg_temp.seed_working_time(p_after timestamptz, p_draw double precision)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select case when s.candidate >= p_after then s.candidate else s.candidate + interval '1 day' end
  from (
    select (date_trunc('day', p_after at time zone 'UTC') + interval '14 hours' + p_draw * interval '8 hours')
      at time zone 'UTC' as candidate
  ) s
$$;

with timed as (
  select o.id as order_id, o.created_at, o.user_id, o.email, o.status, o.payment_method, o.payment_status,
    decode(md5(o.id::text), 'hex') as draw
  from public.orders o
),
paid as (
  select t.*,
    pg_temp.seed_working_time(t.created_at + interval '2 hours', get_byte(t.draw, 0) / 256.0) as paid_at
  from timed t
),
started as (
  select p.*,
    case when p.payment_method = 'bank_transfer'
      then pg_temp.seed_working_time(p.paid_at + interval '30 minutes', get_byte(p.draw, 1) / 256.0)
      else pg_temp.seed_working_time(p.created_at + interval '2 hours', get_byte(p.draw, 1) / 256.0)
    end as processing_at
  from paid p
),
moved as (
  select st.*,
    pg_temp.seed_working_time(st.processing_at + interval '18 hours', get_byte(st.draw, 2) / 256.0) as shipped_at,
    st.created_at + interval '1 hour' + get_byte(st.draw, 4) / 256.0 * interval '20 hours' as cancelled_at
  from started st
),
history as (
  select m.*,
    pg_temp.seed_working_time(
      m.shipped_at + interval '2 days' + get_byte(m.draw, 3) / 256.0 * interval '2 days',
      get_byte(m.draw, 5) / 256.0
    ) as delivered_at
  from moved m
),
steps (status, kind, from_value, to_value) as (
  values
    ('processing', 'status_changed', 'pending', 'processing'),
    ('shipped', 'status_changed', 'pending', 'processing'),
    ('shipped', 'status_changed', 'processing', 'shipped'),
    ('completed', 'status_changed', 'pending', 'processing'),
    ('completed', 'status_changed', 'processing', 'shipped'),
    ('completed', 'status_changed', 'shipped', 'completed'),
    ('cancelled', 'cancelled', 'pending', 'cancelled')
)
insert into public.order_events (order_id, kind, from_value, to_value, actor_id, actor_email, actor_role, created_at)
select h.order_id, 'placed', null, 'pending', h.user_id, h.email, 'customer', h.created_at
from history h
union all
select h.order_id, s.kind, s.from_value, s.to_value,
  case when s.kind = 'cancelled' then h.user_id else '00000000-0000-4000-8000-000000000003'::uuid end,
  case when s.kind = 'cancelled' then h.email else 'admin@example.com' end,
  case when s.kind = 'cancelled' then 'customer' else 'admin' end,
  case s.to_value
    when 'processing' then h.processing_at
    when 'shipped' then h.shipped_at
    when 'completed' then h.delivered_at
    else h.cancelled_at
  end
from history h
join steps s on s.status = h.status
union all
select h.order_id, 'payment_changed', 'awaiting_payment', 'paid', '00000000-0000-4000-8000-000000000003'::uuid,
  'admin@example.com', 'admin',
  case when h.payment_method = 'bank_transfer' then h.paid_at else h.delivered_at + interval '5 minutes' end
from history h
where h.payment_status = 'paid';

drop function pg_temp.seed_working_time(timestamptz, double precision);

-- That history is the past, not news: the order e-mails its events wrote into the outbox
-- (outbox_enqueue_order_email) are not sent.
delete from public.outbox_messages m where m.order_event_id is not null;

do $$
begin
  if exists (select 1 from public.order_events e where e.created_at > now()) then
    raise exception 'seed.sql: an order''s history reaches into the future (its status is too far along for its age)';
  end if;
end;
$$;

update public.orders o
set updated_at = (select max(e.created_at) from public.order_events e where e.order_id = o.id);

-- Reviews ------------------------------------------------------------------------------------------
-- Two to six approved reviews per product by the seeded customers (one per customer and product),
-- picked and rated deterministically from the ids so every reset gives the same figures. The
-- products' rating and review_count are not typed in: the reviews triggers compute them from these,
-- and verified_purchase comes from the seeded orders above.
with customers as (
  select c.user_id, c.position
  from unnest(array[
    '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
    '00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012',
    '00000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000014',
    '00000000-0000-4000-8000-000000000015', '00000000-0000-4000-8000-000000000016'
  ]::uuid[]) with ordinality as c (user_id, position)
),
texts (rating, variant, title, body) as (values
  (5, 0, 'Exactly what I needed', 'Solid build quality and it arrived well packed. Tested it on a weekend camping trip and it performed flawlessly.'),
  (5, 1, 'Peace of mind', 'Bought this for our home emergency kit. Knowing we have it makes the whole family feel safer.'),
  (5, 2, 'Worth every penny', 'Feels like it will last for years. Setup took minutes and it has worked every time we needed it.'),
  (5, 3, 'Buying a second one', 'Kept one in the car and liked it so much that I am getting another for the cabin.'),
  (4, 0, 'Great value for the price', 'Does everything described. The instructions could be clearer, but once set up it works great.'),
  (4, 1, 'Very good, small quibbles', 'Well made and does the job. A little heavier than I expected, which matters in a go bag.'),
  (4, 2, 'Reliable so far', 'Used it through two storms and a power cut without trouble. Would like a better carry case.'),
  (4, 3, 'Recommended', 'Good quality and fast shipping. Lost a star only because the packaging was hard to open.'),
  (3, 0, 'Does the job', 'It works, but it feels a bit cheaper than the photos suggest. Fine as a backup.'),
  (3, 1, 'Okay, not amazing', 'Average performance for the price. It will stay in the kit, but I would look around first next time.'),
  (2, 0, 'Disappointed', 'It stopped working properly after a few uses. Customer service was helpful, but I expected more.'),
  (1, 0, 'Not for me', 'Arrived with a cracked part and did not work out of the box. I returned it for a refund.')
),
picks as (
  select p.id as product_id, p.created_at as product_created_at, c.user_id, c.position,
    ('x' || substr(md5(p.id::text || c.user_id::text), 1, 8))::bit(32)::integer as h,
    2 + abs(('x' || substr(md5(p.id::text), 1, 8))::bit(32)::integer) % 5 as wanted,
    abs(('x' || substr(md5(p.id::text), 9, 8))::bit(32)::integer) % 8 as offset_
  from public.products p
  cross join customers c
),
chosen as (
  select pk.*, (array[5, 5, 5, 5, 4, 4, 4, 4, 3, 2, 5, 4, 1, 5, 4, 3])[1 + abs(pk.h) % 16] as rating
  from picks pk
  where ((pk.position - 1 - pk.offset_ + 8) % 8) < pk.wanted
)
insert into public.reviews (product_id, author_id, rating, title, body, status, created_at, updated_at)
select ch.product_id, ch.user_id, ch.rating, t.title, t.body, 'approved',
  ch.product_created_at + (now() - ch.product_created_at) * (0.05 + (abs(ch.h) % 1000) / 1100.0),
  ch.product_created_at + (now() - ch.product_created_at) * (0.05 + (abs(ch.h) % 1000) / 1100.0)
from chosen ch
join texts t on t.rating = ch.rating
  and t.variant = abs(ch.h / 16) % (select count(*) from texts t2 where t2.rating = ch.rating);

-- The reviews above touched every product; the catalogue's own edit times stay those of creation.
update public.products set updated_at = created_at;
