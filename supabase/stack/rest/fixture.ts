// A tiny throwaway schema for the /rest/v1 tests: authors, books (two FKs to authors), reviews,
// a self-referencing category tree, a view over books, range slots, a counter, row-level security
// and a few functions. Independent of the shop's migrations.
export const fixtureSql = `
create table public.t_authors (
  id serial primary key,
  name text not null unique,
  country text,
  created_at timestamptz not null default now()
);
create table public.t_books (
  id serial primary key,
  author_id int not null references public.t_authors (id) on delete cascade,
  editor_id int references public.t_authors (id) on delete set null,
  title text not null,
  price numeric(10,2) not null check (price >= 0),
  tags text[] not null default '{}',
  meta jsonb not null default '{}',
  published boolean not null default true,
  rating numeric(2,1),
  owner_id uuid
);
create table public.t_reviews (
  id serial primary key,
  book_id int not null references public.t_books (id) on delete cascade,
  stars int not null check (stars between 1 and 5),
  body text
);
alter table public.t_authors enable row level security;
alter table public.t_books enable row level security;
alter table public.t_reviews enable row level security;
create policy t_authors_read on public.t_authors for select to anon, authenticated using (true);
create policy t_books_read on public.t_books for select to anon, authenticated using (published or owner_id = (select auth.uid()));
create policy t_books_insert on public.t_books for insert to authenticated with check (owner_id = (select auth.uid()));
create policy t_books_update on public.t_books for update to authenticated using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy t_books_delete on public.t_books for delete to authenticated using (owner_id = (select auth.uid()));
create policy t_reviews_read on public.t_reviews for select to anon, authenticated using (true);

create function public.t_add(a int, b int default 1) returns int language sql immutable as 'select a + b';
create function public.t_whoami() returns uuid language sql stable as 'select auth.uid()';
create function public.t_books_by_author(p_author text) returns setof public.t_books language sql stable as $$
  select b.* from public.t_books b join public.t_authors a on a.id = b.author_id where a.name = p_author
$$;
create function public.t_author_stats() returns table (name text, books bigint, total numeric) language sql stable as $$
  select a.name, count(b.id), coalesce(sum(b.price), 0) from public.t_authors a
  left join public.t_books b on b.author_id = a.id group by a.name
$$;
create function public.t_fail(p_message text) returns void language plpgsql as $$
begin
  raise exception '%', p_message using hint = 'raised on purpose';
end
$$;
create function public.t_noop() returns void language sql as 'select';
create function public.t_tags(p_tags text[]) returns int language sql immutable as 'select cardinality(p_tags)';
create function public.t_words(p_text text) returns text[] language sql immutable as $$ select string_to_array(p_text, ' ') $$;
create function public.t_label(public.t_books) returns text language sql stable as 'select upper(left($1.title, 3))';
create function public.t_price_list(p_max numeric) returns setof public.t_books language sql volatile as $$
  select * from public.t_books where price <= p_max
$$;

create table public.t_categories (
  id int primary key,
  name text not null,
  parent_id int references public.t_categories (id)
);
alter table public.t_categories enable row level security;
create policy t_categories_read on public.t_categories for select to anon, authenticated using (true);
insert into public.t_categories (id, name, parent_id) values
  (1, 'Supplies', null), (2, 'Water', 1), (3, 'Food', 1), (4, 'Filters', 2);

-- A view over books: writer_id is t_books.author_id, so the view inherits its foreign key.
create view public.t_book_list as
  select b.id as book_id, b.title, b.author_id as writer_id from public.t_books b where b.published;

create table public.t_slots (id int primary key, during int4range not null);
alter table public.t_slots enable row level security;
create policy t_slots_read on public.t_slots for select to anon, authenticated using (true);
insert into public.t_slots values (1, '[1,5)'), (2, '[10,20)');

create table public.t_counter (id int primary key, n int not null);
alter table public.t_counter enable row level security;
insert into public.t_counter values (1, 0);
create function public.t_bump() returns int language sql volatile security definer set search_path = '' as
  'update public.t_counter set n = n + 1 where id = 1 returning n';
-- A view whose reading writes (through the volatile t_bump): GET and HEAD run read-only, so it is refused.
create view public.t_bumps as select public.t_bump() as n;
-- PostgREST's own example (docs, "Transactions: Access Mode"): a view that advances a sequence.
create sequence public.t_callcounter_count start 1;
create view public.t_callcounter as select nextval('public.t_callcounter_count');
create function public.t_unnamed(int) returns int language sql immutable as 'select $1';

insert into public.t_authors (name, country) values
  ('Ada', 'UK'), ('Borges', 'AR'), ('Clarice', 'BR'), ('Dostoevsky', null);
insert into public.t_books (author_id, editor_id, title, price, tags, meta, published, rating, owner_id) values
  (1, 2, 'Analytical Engines', 10.50, '{math,history}', '{"lang":"en","pages":120}', true, 4.5, null),
  (1, null, 'Notes', 5.00, '{math}', '{"lang":"en"}', true, null, null),
  (2, 1, 'Ficciones', 12.00, '{fiction,short}', '{"lang":"es"}', true, 4.9, null),
  (2, null, 'El Aleph', 11.25, '{fiction}', '{"lang":"es"}', true, 4.7, null),
  (3, null, 'The Hour of the Star', 9.99, '{fiction}', '{"lang":"pt"}', true, 4.1, null),
  (3, null, 'Draft', 1.00, '{}', '{}', false, null, '00000000-0000-4000-8000-000000000001');
insert into public.t_reviews (book_id, stars, body) values (1, 5, 'Visionary'), (1, 4, null), (3, 5, 'Labyrinths');
`;
