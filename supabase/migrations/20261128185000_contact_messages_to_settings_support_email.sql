-- The Contact Us and Bulk Orders forms' messages go to the support e-mail address staff set in
-- /admin/settings (store_settings.support_email) instead of a fixed address.
create or replace function public.contact_support_address()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((select s.support_email from public.store_settings s), 'support@readystock.example');
$$;

comment on function public.contact_support_address() is
  'Internal: where the forms'' messages are e-mailed: store_settings.support_email (the seeded default '
  'if the settings row is missing).';
