import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { getCategories } from '../../features/categories/api/get-categories';
import type { Category } from '../../lib/catalog-types';
import { CategoryNav, currentCategorySlug } from './category-nav';

vi.mock('../../features/categories/api/get-categories', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getCategories: vi.fn(),
  }),
);

const categories: Category[] = [
  {
    id: 'c1',
    name: 'Communication',
    slug: 'communication',
    description: 'Stay connected when the grid is down.',
    imageUrl: null,
    subcategories: [
      { id: 's1', name: 'Satellite Phones', slug: 'satellite-phones', description: '' },
      { id: 's2', name: 'Two-Way Radios', slug: 'two-way-radios', description: '' },
    ],
  },
  {
    id: 'c2',
    name: 'Survival Gear',
    slug: 'survival-gear',
    description: 'Tools.',
    imageUrl: null,
    subcategories: [],
  },
];

function renderNav(variant: 'desktop' | 'mobile', path = '/', onNavigate?: () => void) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <CategoryNav variant={variant} onNavigate={onNavigate} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.mocked(getCategories).mockResolvedValue(categories);
});

describe('CategoryNav', () => {
  it('lists the categories in the loaded order with All Products last', async () => {
    renderNav('desktop');
    await screen.findByRole('link', { name: 'Communication' });
    const list = screen.getByRole('list', { name: 'Product categories' });
    const topLinks = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(topLinks).toEqual(['Communication', 'Survival Gear', 'All Products']);
  });

  it('opens a panel with description and subcategory links on hover, and closes it on leave', async () => {
    renderNav('desktop');
    const trigger = await screen.findByRole('link', { name: 'Communication' });
    expect(screen.queryByText('Stay connected when the grid is down.')).not.toBeVisible();
    await userEvent.hover(trigger);
    expect(screen.getByText('Stay connected when the grid is down.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Two-Way Radios' })).toHaveAttribute(
      'href',
      '/category/communication/two-way-radios',
    );
    await userEvent.unhover(trigger);
    expect(screen.queryByText('Stay connected when the grid is down.')).not.toBeVisible();
  });

  it('opens on keyboard focus and closes on Escape, keeping focus on the category', async () => {
    renderNav('desktop');
    const trigger = await screen.findByRole('link', { name: 'Communication' });
    await userEvent.tab();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Satellite Phones' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the current category, also on its subcategory pages', async () => {
    renderNav('desktop', '/category/communication/two-way-radios');
    expect(await screen.findByRole('link', { name: 'Communication' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Survival Gear' })).not.toHaveAttribute('aria-current');
    expect(currentCategorySlug('/products')).toBeNull();
  });

  it('mobile: lists subcategories and calls onNavigate when a link is followed', async () => {
    const onNavigate = vi.fn();
    renderNav('mobile', '/', onNavigate);
    await userEvent.click(await screen.findByRole('link', { name: 'Satellite Phones' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/products');
  });

  it('keeps All Products when the categories cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getCategories).mockRejectedValue(new Error('offline'));
    renderNav('desktop');
    await vi.waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['All Products']);
  });
});
