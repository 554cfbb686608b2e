-- Catalogue images in Supabase Storage: the public bucket `catalog` and who may write its objects.
-- Supabase Storage decides every write by running the storage.objects insert, update or delete as the
-- caller with the JWT claims set, so these policies are the whole rule, locally and on a hosted project:
-- anyone reads the pictures by their public URL, and listing needs products or categories; under
-- products/ only an active administrator with the `products` permission, under categories/ only one
-- with `categories`, may insert, replace or delete.
-- The bucket's limits (1 MiB; PNG, JPEG, WebP; no SVG, which can carry script) come from config.toml's
-- [storage.buckets.catalog]: the local stack rewrites the row from it on every start, like
-- `supabase start`; on a hosted project this insert creates the bucket once and leaves later edits alone.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('catalog', 'catalog', true, 1048576, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do nothing;

-- Row-level security ------------------------------------------------------------------------------
-- Listing (and the row an upload returns) is for the back office only: the pictures are public through
-- the public URL, which a public bucket serves without asking storage.objects, and a list would show
-- the folders of products and categories not saved yet.
create policy "catalog objects are listed by catalogue administrators"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'catalog'
    and ((select public.has_admin_permission('products')) or (select public.has_admin_permission('categories')))
  );

create policy "catalog images are uploaded by catalogue administrators"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'catalog'
    and (
      ((storage.foldername(name))[1] = 'products' and (select public.has_admin_permission('products')))
      or ((storage.foldername(name))[1] = 'categories' and (select public.has_admin_permission('categories')))
    )
  );

create policy "catalog images are replaced by catalogue administrators"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'catalog'
    and (
      ((storage.foldername(name))[1] = 'products' and (select public.has_admin_permission('products')))
      or ((storage.foldername(name))[1] = 'categories' and (select public.has_admin_permission('categories')))
    )
  )
  with check (
    bucket_id = 'catalog'
    and (
      ((storage.foldername(name))[1] = 'products' and (select public.has_admin_permission('products')))
      or ((storage.foldername(name))[1] = 'categories' and (select public.has_admin_permission('categories')))
    )
  );

create policy "catalog images are deleted by catalogue administrators"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'catalog'
    and (
      ((storage.foldername(name))[1] = 'products' and (select public.has_admin_permission('products')))
      or ((storage.foldername(name))[1] = 'categories' and (select public.has_admin_permission('categories')))
    )
  );
