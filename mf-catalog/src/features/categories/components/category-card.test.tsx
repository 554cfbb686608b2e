import { FALLBACK_IMAGE } from '@prepper/shared/ui';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Category } from '../../../lib/catalog-types';
import { CategoryCard } from './category-card';

const sub = (n: number) => ({ id: `s${n}`, name: `Sub ${n}`, slug: `sub-${n}`, description: '' });

function renderCard(category: Partial<Category>) {
  const full: Category = {
    id: 'c1',
    name: 'Power Solutions',
    slug: 'power-solutions',
    description: 'Keep the lights on.',
    imageUrl: 'https://example.com/power.jpg',
    subcategories: [],
    ...category,
  };
  const { container } = render(
    <MemoryRouter>
      <CategoryCard category={full} />
    </MemoryRouter>,
  );
  return container;
}

describe('CategoryCard', () => {
  it('lists the first 3 subcategories and +N more categories', () => {
    renderCard({ subcategories: [sub(1), sub(2), sub(3), sub(4), sub(5)] });
    expect(screen.getAllByRole('link', { name: /^Sub / }).map((link) => link.textContent)).toEqual([
      'Sub 1',
      'Sub 2',
      'Sub 3',
    ]);
    expect(screen.getByRole('link', { name: 'Sub 1' })).toHaveAttribute(
      'href',
      '/category/power-solutions/sub-1',
    );
    expect(screen.getByText('+2 more categories')).toBeInTheDocument();
  });

  it('says when there are no subcategories and links to the category', () => {
    renderCard({ subcategories: [] });
    expect(screen.getByText('No subcategories yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Explore Power Solutions/ })).toHaveAttribute(
      'href',
      '/category/power-solutions',
    );
  });

  it('shows exactly 3 without a more-line', () => {
    renderCard({ subcategories: [sub(1), sub(2), sub(3)] });
    expect(screen.queryByText(/more categories/)).not.toBeInTheDocument();
  });

  it('swaps to the default picture when the image fails', () => {
    const container = renderCard({});
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', 'https://example.com/power.jpg');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', FALLBACK_IMAGE);
  });
});
