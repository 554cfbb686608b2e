-- Listing the catalogue bucket needs a catalogue permission.
-- Why: "catalog objects are readable by everyone" let anyone list the bucket's folders
-- (POST /storage/v1/object/list/catalog), including the images of products and categories not saved
-- yet (uploaded under their new id before the first save). The pictures themselves are public through
-- the public URL, which Storage serves without asking storage.objects (a public bucket), so no shopper
-- needs the select policy: only the back office lists (deleting a product's or category's images,
-- removing unused uploads) and reads the row an upload returns. Now only an active administrator with
-- the products or categories permission (super administrators hold both) reads catalog rows of
-- storage.objects.

drop policy "catalog objects are readable by everyone" on storage.objects;

create policy "catalog objects are listed by catalogue administrators"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'catalog'
    and ((select public.has_admin_permission('products')) or (select public.has_admin_permission('categories')))
  );
