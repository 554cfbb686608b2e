-- Content pages and the storefront's forms (issue 29): content_pages (Markdown, published pages read by
-- everyone, written by staff with settings, audited as entity 'page'), contact_messages with
-- contact_message_send (limited per client, e-mailed to the support address through the outbox as the
-- new kind contact_message; read and closed by staff with customers), and the shop's pages seeded. The
-- same as schemas/content.sql, schemas/outbox.sql and schemas/audit.sql.
alter table public.outbox_messages
  drop constraint outbox_messages_kind_check,
  add constraint outbox_messages_kind_check check (kind in (
    'waitlist_confirmation', 'waitlist_back_in_stock',
    'order_placed', 'order_paid', 'order_shipped', 'order_cancelled', 'order_refunded',
    'newsletter_confirmation', 'newsletter_issue', 'contact_message'
  ));

alter table public.audit_log
  drop constraint audit_log_entity_check,
  add constraint audit_log_entity_check
    check (entity in ('product', 'lot', 'category', 'subcategory', 'settings', 'administrator', 'page'));

-- Content pages and messages from the storefront's forms.
--   * content_pages: the shop's own texts (About Us, Shipping Info, Returns, FAQ, Contact Us, Bulk
--     Orders, Size Guide, Preparedness, the three policies) and blog posts (kind 'post'), written in
--     Markdown and served at /pages/<slug> (the policies at their own addresses). Everyone reads the
--     published ones; staff with the `settings` permission read, write and delete every one. The
--     storefront renders the Markdown without raw HTML and with http(s) and mailto links only. The
--     pages themselves are seeded by migration 20261128150237_content_pages.sql (data, not schema).
--   * contact_messages: what the Contact Us and Bulk Orders forms send (contact_message_send). Each is
--     stored and e-mailed to the support address through the outbox; a client (request_client_key)
--     sends at most 5 an hour and the whole shop takes 200 an hour. Staff with the `customers`
--     permission read them and close or reopen them (admin_set_contact_message_status); nobody else
--     reads a row, and no API role writes one directly.
-- Staff changes to pages are recorded in the audit log (audit.sql, entity 'page').

-- Tables ------------------------------------------------------------------------------------------
create table public.content_pages (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  kind text not null default 'page' check (kind in ('page', 'post')),
  title text not null,
  summary text not null default '',
  body text not null default '',
  form text check (form in ('contact', 'bulk')),
  published boolean not null default true,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint content_pages_slug_key unique (slug),
  constraint content_pages_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  constraint content_pages_title_length check (length(btrim(title)) between 1 and 120),
  constraint content_pages_summary_length check (length(summary) <= 300),
  constraint content_pages_body_length check (length(body) <= 50000)
);

alter table public.content_pages enable row level security;

comment on table public.content_pages is
  'The shop''s content pages and blog posts (kind post), Markdown in body. Everyone reads published '
  'ones; staff with the settings permission read and write all.';
comment on column public.content_pages.body is
  'Markdown. Rendered without raw HTML; only http(s), mailto and the shop''s own paths become links.';
comment on column public.content_pages.summary is
  'One or two sentences: the page''s meta description and a post''s teaser in the blog list.';
comment on column public.content_pages.form is
  'A form the page shows below its text: contact (Contact Us) or bulk (Bulk Orders), else none.';
comment on column public.content_pages.published_at is
  'When the page was first published (set by the database); the blog lists posts newest first by it.';

-- The blog: published posts, newest first.
create index content_pages_posts_idx on public.content_pages (published_at desc, id desc)
  where kind = 'post' and published;

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'bulk')),
  name text not null check (length(name) between 1 and 100),
  email text not null,
  order_number text check (length(order_number) <= 40),
  organisation text check (length(organisation) <= 120),
  phone text check (length(phone) <= 40),
  message text not null check (length(message) between 1 and 5000),
  status text not null default 'open' check (status in ('open', 'closed')),
  user_id uuid,
  client_key text not null,
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by uuid,
  constraint contact_messages_email_plain check (public.email_plain_normalised(email) is not distinct from email)
);

alter table public.contact_messages enable row level security;

comment on table public.contact_messages is
  'Messages from the Contact Us (kind contact) and Bulk Orders (kind bulk) forms, written only by '
  'contact_message_send. Staff with the customers permission read them and close or reopen them '
  '(admin_set_contact_message_status).';
comment on column public.contact_messages.client_key is
  'sha256 (hex) of who sent it (request_client_key), for the per-client limit.';

create index contact_messages_status_created_idx on public.contact_messages (status, created_at desc);

create index contact_messages_client_created_idx on public.contact_messages (client_key, created_at);

create index contact_messages_created_idx on public.contact_messages (created_at desc);

-- Functions ---------------------------------------------------------------------------------------
create or replace function public.content_pages_touch()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.slug := lower(btrim(new.slug));
  new.title := btrim(new.title);
  new.summary := btrim(new.summary);
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  if new.published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;

comment on function public.content_pages_touch() is
  'Before a page is written: trims its texts, keeps created_at, stamps updated_at and updated_by, and '
  'sets published_at the first time the page is published.';
revoke execute on function public.content_pages_touch() from public, anon, authenticated;

create or replace function public.contact_support_address()
returns text
language sql
stable
set search_path = ''
as $$
  select 'support@readystock.example'::text;
$$;

comment on function public.contact_support_address() is
  'Internal: where the forms'' messages are e-mailed (the shop''s support address).';
revoke execute on function public.contact_support_address() from public, anon, authenticated;

create or replace function public.contact_message_send(
  p_kind text,
  p_name text,
  p_email text,
  p_message text,
  p_order_number text default null,
  p_organisation text default null,
  p_phone text default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := public.email_plain_normalised(p_email);
  v_message text := btrim(coalesce(p_message, ''));
  v_order text := nullif(upper(btrim(coalesce(p_order_number, ''))), '');
  v_organisation text := nullif(btrim(coalesce(p_organisation, '')), '');
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_client text := public.request_client_key();
  v_id uuid;
begin
  if p_kind is null or p_kind not in ('contact', 'bulk') then
    raise exception 'Unknown form' using errcode = 'P0001';
  end if;
  if v_name = '' then
    raise exception 'Please enter your name' using errcode = 'P0001';
  end if;
  if length(v_name) > 100 then
    raise exception 'Your name can be at most 100 characters' using errcode = 'P0001';
  end if;
  if btrim(coalesce(p_email, '')) = '' then
    raise exception 'Please enter your e-mail address' using errcode = 'P0001';
  end if;
  if v_email is null then
    raise exception 'Please enter a valid e-mail address' using errcode = 'P0001';
  end if;
  if v_order is not null and v_order !~ '^[A-Z0-9][A-Z0-9-]{0,39}$' then
    raise exception 'Please enter a valid order number' using errcode = 'P0001';
  end if;
  if length(v_organisation) > 120 then
    raise exception 'The organisation can be at most 120 characters' using errcode = 'P0001';
  end if;
  if v_phone is not null and v_phone !~ '^[0-9+() .-]{5,40}$' then
    raise exception 'Please enter a valid phone number' using errcode = 'P0001';
  end if;
  if v_message = '' then
    raise exception 'Please enter a message' using errcode = 'P0001';
  end if;
  if length(v_message) > 5000 then
    raise exception 'Your message can be at most 5000 characters' using errcode = 'P0001';
  end if;

  -- Messages queue here, so the limits hold under concurrency.
  perform pg_advisory_xact_lock(hashtextextended('contact:messages', 0));
  if (
    select count(*) from public.contact_messages m
    where m.client_key = v_client and m.created_at > now() - interval '1 hour'
  ) >= 5
  or (
    select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour'
  ) >= 200 then
    raise exception 'Too many messages. Please try again later.' using errcode = 'P0001';
  end if;

  insert into public.contact_messages (kind, name, email, order_number, organisation, phone, message, user_id, client_key)
  values (
    p_kind, v_name, v_email,
    case when p_kind = 'contact' then v_order end,
    case when p_kind = 'bulk' then v_organisation end,
    case when p_kind = 'bulk' then v_phone end,
    v_message, (select auth.uid()), v_client
  )
  returning id into v_id;

  insert into public.outbox_messages (kind, recipient, payload, client_key)
  values (
    'contact_message',
    public.contact_support_address(),
    jsonb_strip_nulls(jsonb_build_object(
      'message_id', v_id, 'form', p_kind, 'name', v_name, 'email', v_email,
      'order_number', case when p_kind = 'contact' then v_order end,
      'organisation', case when p_kind = 'bulk' then v_organisation end,
      'phone', case when p_kind = 'bulk' then v_phone end,
      'message', v_message)),
    v_client
  );
  return v_id;
end;
$$;

comment on function public.contact_message_send(text, text, text, text, text, text, text) is
  'Visitor or customer: sends the Contact Us (p_kind contact, optional order number) or Bulk Orders '
  '(p_kind bulk, optional organisation and phone) form. Checks every field (a message per field), '
  'stores the message and queues an e-mail of it to the support address (outbox, Reply-To the sender). '
  'Refused (Too many messages) once the client (request_client_key) sent 5 in the last hour or the '
  'whole shop 200. Returns the message''s id.';
revoke execute on function public.contact_message_send(p_kind text, p_name text, p_email text, p_message text, p_order_number text, p_organisation text, p_phone text) from public;
grant execute on function public.contact_message_send(p_kind text, p_name text, p_email text, p_message text, p_order_number text, p_organisation text, p_phone text) to anon, authenticated;

create or replace function public.admin_set_contact_message_status(p_id uuid, p_status text)
returns public.contact_messages
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.contact_messages;
begin
  if not public.has_admin_permission('customers') then
    raise exception 'Permission denied' using errcode = '42501';
  end if;
  if p_status is null or p_status not in ('open', 'closed') then
    raise exception 'Unknown status' using errcode = 'P0001';
  end if;
  update public.contact_messages m
  set status = p_status,
      closed_at = case when p_status = 'closed' then coalesce(m.closed_at, now()) end,
      closed_by = case when p_status = 'closed' then coalesce(m.closed_by, (select auth.uid())) end
  where m.id = p_id
  returning m.* into v_row;
  if not found then
    raise exception 'Message not found' using errcode = 'P0002';
  end if;
  return v_row;
end;
$$;

comment on function public.admin_set_contact_message_status(uuid, text) is
  'Staff with customers: closes (p_status closed, stamping closed_at and closed_by) or reopens (open) a '
  'message from the Contact Us or Bulk Orders form; returns it.';
revoke execute on function public.admin_set_contact_message_status(p_id uuid, p_status text) from public, anon;
grant execute on function public.admin_set_contact_message_status(p_id uuid, p_status text) to authenticated;

-- Triggers ----------------------------------------------------------------------------------------
create trigger content_pages_touch
  before insert or update on public.content_pages
  for each row execute function public.content_pages_touch();

-- Row-level security and grants -------------------------------------------------------------------
create policy content_pages_select on public.content_pages
  for select to anon, authenticated
  using (published or (select public.has_admin_permission('settings')));

create policy content_pages_insert on public.content_pages
  for insert to authenticated
  with check ((select public.has_admin_permission('settings')));

create policy content_pages_update on public.content_pages
  for update to authenticated
  using ((select public.has_admin_permission('settings')))
  with check ((select public.has_admin_permission('settings')));

create policy content_pages_delete on public.content_pages
  for delete to authenticated
  using ((select public.has_admin_permission('settings')));

revoke all on public.content_pages from anon, authenticated;
grant select on public.content_pages to anon;
grant select, insert, update, delete on public.content_pages to authenticated;
grant all on public.content_pages to service_role;

create policy contact_messages_select on public.contact_messages
  for select to authenticated
  using ((select public.has_admin_permission('customers')));

revoke all on public.contact_messages from anon, authenticated;
grant select on public.contact_messages to authenticated;
grant all on public.contact_messages to service_role;

create trigger content_pages_audit
  after insert or update or delete on public.content_pages
  for each row execute function public.audit_record('page', 'title', '', 'created_at,updated_at,updated_by,published_at');

-- The shop's pages, seeded with the texts it opened with (staff edit them at /admin/pages). The three
-- policies keep the words of the pages they replace.
insert into public.content_pages (slug, kind, title, summary, body, form) values
('about-us', 'page', 'About Us',
 'ReadyStock supplies households, families and teams with tested emergency-preparedness gear.',
$md$ReadyStock started with a simple idea: being ready for an emergency should not take a weekend of research and a dozen shops.

We stock the things that matter when the power goes out, the water stops or the road closes: **water and filtration**, **long-life food**, **first aid**, **light and power**, **communication** and **shelter**. Every product is chosen by people who use it, and food and medical supplies are sold with their best-before date in plain sight.

## What we stand for

- **Tested gear only.** If we would not put it in our own kit, we do not sell it.
- **Honest dates.** Lots with the longest shelf life ship first, and the date is on the product page.
- **Advice, not fear.** Our [Preparedness guide](/pages/preparedness) explains what a household needs for the first 72 hours.

## Get in touch

Questions about a product or an order? Visit [Contact Us](/pages/contact-us) or write to [support@readystock.example](mailto:support@readystock.example).
$md$, null),
('shipping-info', 'page', 'Shipping Info',
 'Free shipping on orders of $99 or more within the contiguous United States; a flat $9.99 otherwise.',
$md$## Rates

| Order subtotal | Shipping |
| --- | --- |
| $99 or more | Free |
| Under $99 | $9.99 flat |

Rates apply within the contiguous United States. The cart shows how much more you need for free shipping.

## When your order ships

- Orders paid by card before 2 pm Mountain Time ship the same business day.
- Bank-transfer orders ship once the payment arrives; we hold the stock for you meanwhile.
- You get an e-mail with the carrier and tracking number as soon as the parcel leaves our warehouse.

## Delivery times

Standard delivery takes **3 to 5 business days**. Delivery times are estimates, not guarantees: during a regional emergency carriers can be slower, so order before the season starts.

## Heavy and hazardous items

Fuel canisters and large water containers ship by ground only. Some items cannot be sent to P.O. boxes; the checkout tells you if your order contains one.
$md$, null),
('returns', 'page', 'Returns',
 'Unused items in their original packaging can be returned within 30 days for a full refund.',
$md$## Our promise

Unused items in their original packaging can be returned within **30 days** of delivery for a full refund of the item price.

## What cannot be returned

For safety reasons we cannot take back:

- opened food rations and water pouches;
- used fuel canisters and opened fire starters;
- opened first-aid and hygiene items.

## How to return an item

1. Write to us through [Contact Us](/pages/contact-us) with your order number and the items you are returning.
2. We reply within one business day with a return label and the address.
3. Once the parcel arrives we refund the items to your original payment method within 5 business days.

A damaged or wrong item? Tell us within 7 days and we replace it or refund it, including shipping.
$md$, null),
('faq', 'page', 'FAQ',
 'Answers to the questions we hear most: orders, shipping, best-before dates and payments.',
$md$## Orders

**Can I change or cancel my order?**
You can cancel a pending order yourself from your account's order page. For changes, [contact us](/pages/contact-us) with your order number.

**Do I need an account to order?**
No. You can check out as a guest; we e-mail you a link to follow your order.

## Products

**How long does emergency food keep?**
Each product page shows the best-before date of the lot we ship. Most freeze-dried meals keep 25 years, ration bars 5 years.

**Which kit should I start with?**
Start with water, a 72-hour food supply, light and a first-aid kit. Our [Preparedness guide](/pages/preparedness) has a checklist.

## Shipping and payment

**How much is shipping?**
Free from $99, otherwise $9.99. See [Shipping Info](/pages/shipping-info).

**Which payment methods do you take?**
Cards and bank transfer.

**Do you sell in bulk?**
Yes: schools, offices and community groups can ask for a quote on [Bulk Orders](/pages/bulk-orders).
$md$, null),
('contact-us', 'page', 'Contact Us',
 'Write to the ReadyStock team about an order, a product or anything else; we answer within one business day.',
$md$We answer every message within **one business day**, Monday to Friday.

- Customer support: [support@readystock.example](mailto:support@readystock.example)
- Orders: [orders@readystock.example](mailto:orders@readystock.example)
- Phone: (555) 010-2030, weekdays 8 am to 6 pm Mountain Time

Writing about an order? Add its order number so we can find it straight away.
$md$, 'contact'),
('bulk-orders', 'page', 'Bulk Orders',
 'Quotes for schools, offices, community groups and emergency teams that need supplies in quantity.',
$md$Equipping a school, an office, a community shelter or a response team? We offer **volume pricing** from 25 units of a product, mixed kits built to your list, and delivery to several sites.

## How it works

1. Tell us below what you need and how many, and by when.
2. We send a written quote within two business days, with best-before dates for food and medical supplies.
3. Once you accept, we reserve the stock and agree on payment and delivery.

Prefer the phone? Call (555) 010-2030 and ask for the bulk orders desk.
$md$, 'bulk'),
('size-guide', 'page', 'Size Guide',
 'How to choose the right size of backpack, sleeping bag, water container and food supply.',
$md$## Backpacks and go-bags

| Capacity | Good for |
| --- | --- |
| 20-30 L | a personal 72-hour kit |
| 40-50 L | one adult with shelter and cooking |
| 60 L and more | a family kit or several days |

Measure your torso from the bony bump at the base of the neck to the top of the hip bones: under 17 in is small, 17-19 in medium, over 19 in large.

## Sleeping bags

Choose a temperature rating about 10 °F below the coldest night you expect. Regular bags fit people up to 6 ft, long bags up to 6 ft 6 in.

## Water

Plan on **one gallon per person per day**, for at least three days. A family of four needs 12 gallons for 72 hours; a two-week supply is 56 gallons.

## Food

An adult needs about 2,000 calories a day. Food kits state how many person-days they cover; compare those rather than the number of servings.
$md$, null),
('preparedness', 'page', 'Preparedness',
 'What every household needs for the first 72 hours of an emergency, and how to stay informed.',
$md$When a storm, flood, fire or power cut hits, help may take **72 hours** to reach everyone. These steps get your household through that time.

## 1. Stay informed

- Follow your local emergency management office and the National Weather Service.
- Keep a battery or hand-crank radio for when phones and the internet are down.
- Official guidance: [Ready.gov](https://www.ready.gov/).

## 2. Make a plan

- Agree on a meeting place and an out-of-area contact everybody can call.
- Know how to turn off water, gas and electricity at home.
- Plan for children, older relatives and pets.

## 3. Build a kit

- Water: one gallon per person per day, for at least three days.
- Food that needs no cooking, for at least three days.
- First-aid kit, prescription medicines and copies of important documents.
- Flashlight or lantern, spare batteries, a power bank.
- Whistle, dust masks, a multi-tool, warm clothing and blankets.

Check your kit twice a year and replace what is past its best-before date.

In an emergency, always follow the instructions of the local authorities. Call **911** when life is in danger.
$md$, null),
('privacy-policy', 'page', 'Privacy Policy',
 'ReadyStock sells emergency-preparedness supplies. This policy explains what personal information we collect when you shop with us, why, and the choices you have.',
$md$*Last updated: January 15, 2024*

ReadyStock sells emergency-preparedness supplies. This policy explains what personal information we collect when you shop with us, why, and the choices you have.

## What we collect

Your name, e-mail address, shipping address and phone number when you create an account or order; the items in your cart; and basic technical data (browser type, pages visited) needed to run the shop securely.

## How we use it

To process and deliver orders, answer support requests, prevent fraud and, only if you opt in, send our preparedness newsletter. We never sell your personal information.

## Who we share it with

Only the service providers that help us run the shop — payment processing, shipping carriers and our hosting provider — each bound to use your data solely for that service.

## Your rights

You can ask to see, correct or delete your data at any time by writing to [support@readystock.example](mailto:support@readystock.example). We answer within 30 days and keep order records only as long as tax law requires.
$md$, null),
('terms-of-service', 'page', 'Terms of Service',
 'These terms apply when you browse or buy from ReadyStock. By placing an order you accept them.',
$md$*Last updated: January 15, 2024*

These terms apply when you browse or buy from ReadyStock. By placing an order you accept them.

## Orders and prices

Prices are in US dollars and include no tax until checkout. An order is accepted when we send the shipping confirmation; if an item turns out to be out of stock we refund it in full.

## Shipping

Orders of $99 or more ship free within the contiguous United States; smaller orders ship for a flat $9.99. Delivery times are estimates, not guarantees.

## Returns

Unused items in their original packaging can be returned within 30 days for a refund. Opened food rations and used fuel canisters cannot be returned for safety reasons.

## Use of products

Survival and emergency equipment must be used as its manufacturer instructs. Our guides are general information and are no substitute for professional training or official emergency instructions.
$md$, null),
('cookie-policy', 'page', 'Cookie Policy',
 'ReadyStock uses a small amount of browser storage so the shop works. We do not use advertising or cross-site tracking cookies.',
$md$*Last updated: January 15, 2024*

ReadyStock uses a small amount of browser storage so the shop works. We do not use advertising or cross-site tracking cookies.

## Strictly necessary storage

Your cart is kept in your browser’s local storage so it survives a reload, and a sign-in session is stored while you are signed in. Without these the cart and your account would not work.

## Analytics

We count page views in aggregate, without cookies and without identifying you, to learn which guides and products are useful.

## Your choices

You can clear the shop’s storage at any time in your browser settings. Doing so empties your cart and signs you out; nothing else changes.
$md$, null);
