-- Indexes for the two foreign keys that had none usable for their own action: deleting a product (the
-- bulk delete takes up to 1,000 at once) cascades to waitlist_subscriptions and waitlist_holds by
-- product_id, and each had only a partial index on it (active subscriptions; open holds), so every
-- deleted product scanned both tables. Every other foreign key of the schema has an index leading with
-- its column (test/integration/foreign-key-indexes.test.ts keeps it so).
create index waitlist_subscriptions_product_id_idx on public.waitlist_subscriptions (product_id);
create index waitlist_holds_product_id_idx on public.waitlist_holds (product_id);
