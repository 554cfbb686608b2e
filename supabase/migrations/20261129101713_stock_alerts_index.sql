-- The dashboard's low stock (admin_stock_alerts) reads its page from an index in its order instead of
-- sorting the whole catalogue.
create index products_stock_count_name_idx on public.products (stock_count, name, id);
