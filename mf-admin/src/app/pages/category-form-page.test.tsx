import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { saveCategory } from '../../features/categories/api/save-category';
import { CategoryFormPage } from './category-form-page';

const ID = '11111111-1111-4111-8111-111111111111';

// The backend boundary: the api modules (everything else is the real form).
vi.mock('../../features/categories/api/get-category', () => ({
  getCategory: vi.fn(async () => ({
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Power',
    slug: 'power',
    description: 'Outage gear',
    image_url: 'https://img.test/power.png',
    created_at: '2025-01-01T00:00:00Z',
    subcategories: [
      { id: 'sub-a', name: 'Generators', slug: 'generators', description: '' },
      { id: 'sub-b', name: 'Solar Panels', slug: 'solar-panels', description: 'Sun' },
    ],
  })),
}));
vi.mock('../../features/categories/api/save-category', () => ({
  saveCategory: vi.fn(async () => undefined),
}));

function renderEdit() {
  return render(
    <MemoryRouter initialEntries={[`/admin/categories/${ID}/edit`]}>
      <Routes>
        <Route path="/admin/categories/:categoryId/edit" element={<CategoryFormPage />} />
        <Route path="/admin/categories" element={<p>Category list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CategoryFormPage (edit)', () => {
  it('renames with the automatic slug, removes, restores, drops unsaved ones and saves every change', async () => {
    const user = userEvent.setup();
    renderEdit();
    const name = await screen.findByLabelText('Category Name');
    await user.type(name, ' Supply');
    expect(screen.getByLabelText('Slug')).toHaveValue('power-supply');
    const seo = screen.getByRole('region', { name: 'SEO Information' });
    expect(within(seo).getByText('/category/power-supply')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove subcategory Solar Panels' }));
    expect(screen.getByText('This subcategory will be deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore subcategory Solar Panels' }));
    expect(screen.queryByText('This subcategory will be deleted')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove subcategory Generators' }));

    await user.click(screen.getByRole('button', { name: 'Add Subcategory' }));
    await user.click(screen.getByRole('button', { name: 'Remove subcategory Subcategory 3' }));
    expect(screen.queryByRole('heading', { name: /Subcategory 3/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Subcategory' }));
    const fresh = screen.getByRole('heading', { name: /Subcategory 3/ }).closest('li')!;
    await user.type(within(fresh).getByLabelText('Subcategory name'), 'Power Banks');

    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(await screen.findByText('Category list')).toBeInTheDocument();
    expect(saveCategory).toHaveBeenCalledWith(
      {
        p_id: ID,
        p_name: 'Power Supply',
        p_slug: 'power-supply',
        p_description: 'Outage gear',
        p_image_url: 'https://img.test/power.png',
        p_subcategories: [
          { id: 'sub-a', name: 'Generators', slug: 'generators', description: '', _delete: true },
          { id: 'sub-b', name: 'Solar Panels', slug: 'solar-panels', description: 'Sun' },
          { name: 'Power Banks', slug: 'power-banks', description: '' },
        ],
      },
      expect.any(String),
    );
  }, 30_000);

  it('shows the empty state for a new category', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/categories/new']}>
        <Routes>
          <Route path="/admin/categories/new" element={<CategoryFormPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('No subcategories added yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add New Category' })).toBeInTheDocument();
  });
});
