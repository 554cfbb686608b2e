-- Who last changed the store settings (store_settings.updated_by, a staff member's id) is no longer
-- readable by anyone but the service role: every other column stays readable to everyone.
revoke select on public.store_settings from anon, authenticated;
grant select (id, unpaid_order_hold_hours, purchase_limit_window_days, updated_at,
  waitlist_signups_per_client_hour, waitlist_signups_per_hour, outbox_keep_days, waitlist_unconfirmed_keep_days,
  free_shipping_threshold, shipping_rate, tax_rate_percent, store_name, store_tagline, hotline_phone,
  support_phone, support_phone_2, support_email, orders_email, store_address, low_stock_threshold,
  expiry_alert_days, waitlist_hold_hours)
  on public.store_settings to anon, authenticated;
