-- Adds an optional image to subcategories.
-- Why: the seeded catalogue ships an illustration per subcategory for pages that want one; the column
-- is an addition to the SCHEMA.md contract (nullable, so every existing query and form keeps working).

alter table public.subcategories add column image_url text;

comment on column public.subcategories.image_url is 'Optional illustration URL for the subcategory.';
