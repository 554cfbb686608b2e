import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { saveCategory } from '../../features/categories/api/save-category';
import { removeUnkeptImages } from '../../lib/upload-catalog-image';
import { CategoryFormPage } from './category-form-page';
import { CurrentAdminProvider } from '../../lib/current-admin';
import { TEST_SUPER_ADMIN as SUPER_ADMIN } from '../../lib/testing/current-admin';

const ID = '11111111-1111-4111-8111-111111111111';

// The backend boundary: the api modules (everything else is the real form).
vi.mock('../../features/categories/api/get-category', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
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
  }),
);
vi.mock('../../features/categories/api/save-category', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    saveCategory: vi.fn(async () => undefined),
  }),
);
// Storage: the upload answers the object's public URL; the removal of unkept uploads is watched.
vi.mock('../../lib/upload-catalog-image', () => ({
  uploadCatalogImage: vi.fn(
    async (path: string) => `https://stack.test/storage/v1/object/public/catalog/${path}`,
  ),
  removeUnkeptImages: vi.fn(async () => []),
}));

function pngFile(name: string): File {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  return new File([bytes], name, { type: 'image/png' });
}

function renderNew() {
  return render(
    <CurrentAdminProvider admin={SUPER_ADMIN}>
      <MemoryRouter initialEntries={['/admin/categories/new']}>
        <Routes>
          <Route path="/admin/categories/new" element={<CategoryFormPage />} />
          <Route path="/admin/categories" element={<p>Category list</p>} />
        </Routes>
      </MemoryRouter>
    </CurrentAdminProvider>,
  );
}

function renderEdit() {
  return render(
    <CurrentAdminProvider admin={SUPER_ADMIN}>
      <MemoryRouter initialEntries={[`/admin/categories/${ID}/edit`]}>
        <Routes>
          <Route path="/admin/categories/:categoryId/edit" element={<CategoryFormPage />} />
          <Route path="/admin/categories" element={<p>Category list</p>} />
        </Routes>
      </MemoryRouter>
    </CurrentAdminProvider>,
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

  it('removes a replaced upload at once and the unsaved one on Cancel, never the saved picture', async () => {
    vi.mocked(removeUnkeptImages).mockClear();
    const user = userEvent.setup();
    renderEdit();
    const upload = await screen.findByLabelText('Or upload an image');
    await user.upload(upload, pngFile('first.png'));
    await screen.findByText('Uploaded first.png.');
    const first = (screen.getByLabelText('Image URL') as HTMLInputElement).value;
    expect(first).toMatch(new RegExp(`/catalog/categories/${ID}/[a-z0-9]+-first\\.png$`));
    expect(removeUnkeptImages).not.toHaveBeenCalled();

    await user.upload(upload, pngFile('second.png'));
    await screen.findByText('Uploaded second.png.');
    const second = (screen.getByLabelText('Image URL') as HTMLInputElement).value;
    expect(removeUnkeptImages).toHaveBeenCalledTimes(1);
    expect(removeUnkeptImages).toHaveBeenCalledWith([first.split('/public/catalog/')[1]]);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Category list')).toBeInTheDocument();
    expect(removeUnkeptImages).toHaveBeenCalledTimes(2);
    expect(removeUnkeptImages).toHaveBeenLastCalledWith([second.split('/public/catalog/')[1]]);
    // The category's saved picture was never among them.
    expect(JSON.stringify(vi.mocked(removeUnkeptImages).mock.calls)).not.toContain('power.png');
  });

  it('keeps the upload a save names and removes nothing more on leaving', async () => {
    vi.mocked(removeUnkeptImages).mockClear();
    const user = userEvent.setup();
    renderNew();
    await user.type(screen.getByLabelText('Category Name'), 'Shelters');
    await user.type(screen.getByLabelText('Description'), 'Tents and tarps');
    await user.upload(screen.getByLabelText('Or upload an image'), pngFile('tent.png'));
    await screen.findByText('Uploaded tent.png.');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category list')).toBeInTheDocument();
    expect(saveCategory).toHaveBeenLastCalledWith(
      expect.objectContaining({ p_image_url: expect.stringMatching(/-tent\.png$/) }),
      expect.any(String),
    );
    expect(removeUnkeptImages).not.toHaveBeenCalled();
  });

  it('shows the empty state for a new category', async () => {
    render(
      <CurrentAdminProvider admin={SUPER_ADMIN}>
        <MemoryRouter initialEntries={['/admin/categories/new']}>
          <Routes>
            <Route path="/admin/categories/new" element={<CategoryFormPage />} />
          </Routes>
        </MemoryRouter>
      </CurrentAdminProvider>,
    );
    expect(screen.getByText('No subcategories added yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add New Category' })).toBeInTheDocument();
  });
});
