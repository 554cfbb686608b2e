import { $overlays, closeOverlay, configureSupabase, loadSupabase, openOverlay } from '@prepper/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearQueryCache } from '../lib/query';
import SearchOverlay from './search-overlay';

/**
 * The network boundary: PostgREST's /rest/v1/rpc/search_products, answered by the test, and
 * /rest/v1/rpc/search_suggestions, answered from `suggestions`.
 */
interface RpcCall {
  query: string;
  limit: number;
  signal: AbortSignal | null;
  respond: (status: number, body: unknown) => void;
}

let calls: RpcCall[] = [];
let autoRespond: ((query: string, limit: number) => [number, unknown]) | null = null;
let suggestions: Record<string, string[]> = {};
let suggestionCalls: string[] = [];

function row(id: number, name: string, category = 'Communication', extra: Record<string, unknown> = {}) {
  const uuid = `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;
  return {
    id: uuid,
    name,
    slug: `x-${uuid}`,
    price: 10 + id,
    original_price: null,
    description: `${name} description`,
    category_id: 'c1',
    subcategory_id: null,
    image_url: `https://img.example/${id}.jpg`,
    images: [],
    in_stock: true,
    stock_count: 20,
    rating: 4.5,
    review_count: 3,
    features: [],
    specifications: {},
    tags: [],
    search_text: null,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    category_name: category,
    ...extra,
  };
}

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.includes('/rest/v1/rpc/search_suggestions')) {
    const { p_query } = JSON.parse(String(init?.body)) as { p_query: string };
    suggestionCalls.push(p_query);
    const body = JSON.stringify(suggestions[p_query] ?? []);
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  }
  if (!url.includes('/rest/v1/rpc/search_products'))
    return Promise.reject(new Error(`Unexpected fetch ${url}`));
  const args = JSON.parse(String(init?.body)) as { p_query: string; p_limit: number };
  return new Promise((resolve) => {
    const respond = (status: number, body: unknown) =>
      resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    calls.push({ query: args.p_query, limit: args.p_limit, signal: init?.signal ?? null, respond });
    if (autoRespond) respond(...autoRespond(args.p_query, args.p_limit));
  });
}

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderSearch() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="*" element={<Location />} />
      </Routes>
      <SearchOverlay />
    </MemoryRouter>,
  );
  return { user, input: () => screen.getByRole('searchbox', { name: 'Search products' }) };
}

beforeAll(async () => {
  configureSupabase({ url: 'http://supabase.test', anonKey: 'anon-key' });
  // As the shell does before mounting this remote.
  await loadSupabase();
});
beforeEach(() => {
  calls = [];
  autoRespond = null;
  suggestions = {};
  suggestionCalls = [];
  clearQueryCache();
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  act(() => openOverlay('search'));
});
afterEach(() => {
  closeOverlay('search');
  vi.unstubAllGlobals();
});

describe('SearchOverlay', () => {
  it('opens with the focus in the box and the popular searches', async () => {
    const { input } = renderSearch();
    expect(input()).toHaveAttribute('placeholder', 'Search for products, categories, or features...');
    await waitFor(() => expect(input()).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Popular Searches' })).toBeInTheDocument();
    const chips = [
      'Satellite Phone',
      'Multi-Tool',
      'Solar Panel',
      'Emergency Food',
      'Two-Way Radio',
      'Fire Starter',
    ];
    for (const chip of chips) expect(screen.getByRole('button', { name: chip })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a popular search fills the box and searches for it', async () => {
    autoRespond = () => [200, [row(1, 'Solar Panel 100W', 'Power Solutions')]];
    const { user, input } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Solar Panel' }));
    expect(input()).toHaveValue('Solar Panel');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(calls.map((call) => call.query)).toEqual(['Solar Panel']);
    expect(screen.queryByRole('heading', { name: 'Popular Searches' })).toBeNull();
  });

  it('sends the trimmed query with a limit of 6, once for a quickly typed word', async () => {
    autoRespond = () => [200, [row(1, 'Hand Crank Radio')]];
    const { user, input } = renderSearch();
    await user.type(input(), '  radio  ');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ query: 'radio', limit: 6 });
  });

  it('shows at most 6 results, each with name, category and price, linking to its product page', async () => {
    autoRespond = () => [200, Array.from({ length: 8 }, (_, index) => row(index + 1, `Radio ${index + 1}`))];
    const { user, input } = renderSearch();
    await user.type(input(), 'radio');
    expect(await screen.findByRole('heading', { name: 'Search Results (6)' })).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]).toHaveAttribute('href', '/product/radio-1-00000000-0000-4000-8000-000000000001');
    expect(within(links[0] as HTMLElement).getByText('Communication')).toBeInTheDocument();
    expect(within(links[0] as HTMLElement).getByText('$11.00')).toBeInTheDocument();
  });

  it('says which results cannot be bought now: out of stock, or every unit held for the waitlist', async () => {
    autoRespond = () => [
      200,
      [
        row(1, 'Radio Free'),
        row(2, 'Radio Held', 'Communication', { stock_count: 2, waitlist_held_units: 2 }),
        row(3, 'Radio Gone', 'Communication', { in_stock: false, stock_count: 0 }),
        row(4, 'Radio Some Held', 'Communication', { stock_count: 5, waitlist_held_units: 2 }),
      ],
    ];
    const { user, input } = renderSearch();
    await user.type(input(), 'radio');
    const link = async (name: RegExp) => within(await screen.findByRole('link', { name }));
    expect(
      (await link(/Radio Held/)).getByText('Reserved for customers on the waitlist'),
    ).toBeInTheDocument();
    expect((await link(/Radio Gone/)).getByText('Out of Stock')).toBeInTheDocument();
    for (const name of [/Radio Free/, /Radio Some Held/]) {
      expect((await link(name)).queryByText(/Reserved|Out of Stock/)).toBeNull();
    }
  });

  it('opening a result goes to the product page and closes the overlay', async () => {
    autoRespond = () => [200, [row(7, 'Satellite Phone Pro')]];
    const { user, input } = renderSearch();
    await user.type(input(), 'satellite');
    await user.click(await screen.findByRole('link', { name: /Satellite Phone Pro/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/product/satellite-phone-pro-00000000-0000-4000-8000-000000000007',
    );
    expect($overlays.get().search).toBe(false);
  });

  it('says so when nothing matches', async () => {
    autoRespond = () => [200, []];
    const { user, input } = renderSearch();
    await user.type(input(), 'unicorn');
    expect(await screen.findByText('No products found for "unicorn"')).toBeInTheDocument();
    expect(screen.getByText('Try searching for communication, survival, food, or power')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Search Results/ })).toBeNull();
    expect(screen.queryByText('Did you mean:')).toBeNull();
  });

  it('offers the closest corrections when nothing matches, and searches the one chosen', async () => {
    autoRespond = (query) => [200, query === 'solar lantern' ? [row(4, 'Solar Lantern', 'Lighting')] : []];
    suggestions = { 'solar lantrnx': ['solar lantern', 'solar lanterns'] };
    const { user, input } = renderSearch();
    await user.type(input(), 'solar lantrnx');
    expect(await screen.findByText('No products found for "solar lantrnx"')).toBeInTheDocument();
    expect(await screen.findByText('Did you mean:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search for solar lanterns' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search for solar lantern' }));
    expect(input()).toHaveValue('solar lantern');
    expect(await screen.findByText('Solar Lantern')).toBeInTheDocument();
    expect(suggestionCalls).toEqual(['solar lantrnx']);
  });

  it('shows a loading indicator while the database answers', async () => {
    const { user, input } = renderSearch();
    await user.type(input(), 'food');
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => calls[0]?.respond(200, [row(3, 'Emergency Food Bucket', 'Food Storage')]));
    expect(await screen.findByText('Emergency Food Bucket')).toBeInTheDocument();
    expect(screen.queryByText('Searching…')).toBeNull();
  });

  it('never lets the answer for an older query replace a newer one', async () => {
    const { user, input } = renderSearch();
    await user.type(input(), 'rat');
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.type(input(), 'ions');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.query)).toEqual(['rat', 'rations']);

    act(() => calls[1]?.respond(200, [row(2, 'Emergency Rations')]));
    expect(await screen.findByText('Emergency Rations')).toBeInTheDocument();
    // The answer for the older query arrives late and must not replace the newer one.
    act(() => calls[0]?.respond(200, [row(9, 'Radio Beacon'), row(10, 'Radio Pro')]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Radio Beacon')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the search fails', async () => {
    autoRespond = () => [500, { message: 'boom', code: 'XX000' }];
    const { user, input } = renderSearch();
    await user.type(input(), 'radio');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Search is not available right now. Please try again.');
    autoRespond = () => [200, [row(1, 'Hand Crank Radio')]];
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hand Crank Radio')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('waits for 3 characters: fewer give a hint and the popular searches, no request', async () => {
    autoRespond = () => [200, [row(1, 'Hand Crank Radio')]];
    const { user, input } = renderSearch();
    await user.type(input(), ' ra ');
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Popular Searches' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(0);

    await user.clear(input());
    await user.type(input(), 'rad');
    expect(await screen.findByRole('heading', { name: 'Search Results (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Type at least 3 characters to search.')).toBeNull();
    expect(calls.map((call) => call.query)).toEqual(['rad']);
  });

  it('clearing the box brings back the popular searches without a request', async () => {
    autoRespond = () => [200, [row(1, 'Multi-Tool')]];
    const { user, input } = renderSearch();
    await user.type(input(), 'tool');
    await screen.findByRole('heading', { name: 'Search Results (1)' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Popular Searches' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('arrow keys move through the results and Enter in the box opens the first', async () => {
    autoRespond = () => [200, [row(1, 'Radio One'), row(2, 'Radio Two')]];
    const { user, input } = renderSearch();
    await user.type(input(), 'radio');
    const [first, second] = await screen.findAllByRole('link');
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/product/radio-one-');
    expect($overlays.get().search).toBe(false);
  });

  it('the close button and Escape close it', async () => {
    const { user } = renderSearch();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect($overlays.get().search).toBe(false);
    act(() => openOverlay('search'));
    act(() => {
      screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect($overlays.get().search).toBe(false);
  });
});
