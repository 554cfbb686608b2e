import { $toasts } from '@prepper/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveProduct } from '../../features/products/api/save-product';
import { ProductFormPage } from './product-form-page';
import { CurrentAdminProvider } from '../../lib/current-admin';
import { TEST_SUPER_ADMIN as SUPER_ADMIN } from '../../lib/testing/current-admin';

// The backend boundary: the api modules (everything else is the real form).
vi.mock('../../features/products/api/get-category-options', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getCategoryOptions: vi.fn(async () => [
      { id: 'c-comm', name: 'Communication' },
      { id: 'c-light', name: 'Lighting' },
    ]),
    getSubcategoryOptions: vi.fn(async (categoryId: string) =>
      categoryId === 'c-comm'
        ? [
            { id: 's-radio', name: 'Radios' },
            { id: 's-sat', name: 'Satellite Phones' },
          ]
        : [{ id: 's-head', name: 'Headlamps' }],
    ),
  }),
);
vi.mock('../../features/products/api/get-product', () => ({ getProduct: vi.fn() }));
vi.mock('../../features/products/api/save-product', () => ({ saveProduct: vi.fn(async () => ({})) }));

function renderForm() {
  return render(
    <CurrentAdminProvider admin={SUPER_ADMIN}>
      <MemoryRouter initialEntries={['/admin/products/new']}>
        <Routes>
          <Route path="/admin/products/new" element={<ProductFormPage />} />
          <Route path="/admin/products" element={<p>Product list</p>} />
        </Routes>
      </MemoryRouter>
    </CurrentAdminProvider>,
  );
}

const messages = () => $toasts.get().map((toast) => toast.message);

describe('ProductFormPage (create)', () => {
  beforeEach(() => {
    $toasts.set([]);
    vi.mocked(saveProduct).mockClear();
  });

  it('ties the subcategory to the category: disabled first, then its options, cleared on change', async () => {
    const user = userEvent.setup();
    renderForm();
    const subcategory = screen.getByLabelText('Subcategory');
    expect(subcategory).toBeDisabled();
    await user.selectOptions(await screen.findByLabelText('Category'), 'Communication');
    await screen.findByRole('option', { name: 'Satellite Phones' });
    expect(subcategory).toBeEnabled();
    await user.selectOptions(subcategory, 'Satellite Phones');
    expect(subcategory).toHaveValue('s-sat');
    await user.selectOptions(screen.getByLabelText('Category'), 'Lighting');
    expect(subcategory).toHaveValue('');
    await screen.findByRole('option', { name: 'Headlamps' });
    expect(screen.queryByRole('option', { name: 'Satellite Phones' })).not.toBeInTheDocument();
  });

  it('refuses to save without the required fields and says why', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(messages()).toContain('Please fill in all required fields');
    expect(screen.getByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByText('Price must be greater than 0')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveAttribute('aria-invalid', 'true');
    expect(saveProduct).not.toHaveBeenCalled();
  });

  it('saves trimmed lists and nulls, then returns to the list', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Product Name'), 'Crank Radio');
    await user.type(screen.getByLabelText('Description'), 'Works anywhere');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Lighting');
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '19.99');
    await user.type(screen.getByLabelText('Main Image URL'), 'https://img.test/radio.png');
    for (const tag of ['  solar ', 'solar', '']) {
      await user.clear(screen.getByLabelText('New tag'));
      if (tag) await user.type(screen.getByLabelText('New tag'), `${tag}{Enter}`);
      else await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    }
    expect(screen.getAllByRole('button', { name: /^Remove tag / })).toHaveLength(1);
    await user.type(screen.getByLabelText('Specification name'), 'Weight');
    await user.type(screen.getByLabelText('Specification value'), '1 kg');
    await user.click(screen.getByRole('button', { name: 'Add Specification' }));
    await user.type(screen.getByLabelText('Specification name'), 'Weight');
    await user.type(screen.getByLabelText('Specification value'), '2 kg{Enter}');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Communication');
    await user.type(screen.getByLabelText('Person-days per unit'), '3');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product list')).toBeInTheDocument();
    expect(saveProduct).toHaveBeenCalledWith(
      null,
      {
        name: 'Crank Radio',
        description: 'Works anywhere',
        category_id: 'c-light',
        subcategory_id: null,
        price: 19.99,
        original_price: null,
        image_url: 'https://img.test/radio.png',
        images: [],
        features: [],
        specifications: { Weight: '2 kg' },
        tags: ['solar'],
        in_stock: true,
        stock_count: 0,
        purchase_limit: null,
        supply_kind: 'communication',
        servings_per_unit: null,
        calories_per_unit: null,
        water_litres_per_unit: null,
        person_days_per_unit: 3,
      },
      expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    );
    await waitFor(() => expect(messages()).toContain('Product created successfully'));
  }, 30_000);

  it('keeps a purchase limit of 0 out and saves a whole one', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Product Name'), 'Water Filter');
    await user.type(screen.getByLabelText('Description'), 'Cleans water');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Lighting');
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '30');
    await user.type(screen.getByLabelText('Main Image URL'), 'https://img.test/filter.png');
    const limit = screen.getByLabelText('Purchase limit per order');
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(
      screen.getByText('Purchase limit must be empty or a whole number from 1 to 999'),
    ).toBeInTheDocument();
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(saveProduct).not.toHaveBeenCalled();

    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product list')).toBeInTheDocument();
    expect(saveProduct).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ purchase_limit: 3 }),
      expect.any(String),
    );
  }, 30_000);

  it('names a SKU another product has at the field and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Product Name'), 'Crank Radio');
    const sku = screen.getByLabelText('SKU');
    await user.type(sku, 'bad sku');
    await user.type(screen.getByLabelText('Description'), 'Works anywhere');
    await user.selectOptions(await screen.findByLabelText('Category'), 'Lighting');
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '19.99');
    await user.type(screen.getByLabelText('Main Image URL'), 'https://img.test/radio.png');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(sku).toHaveAccessibleDescription(/SKU must start with a letter or digit/);
    expect(saveProduct).not.toHaveBeenCalled();

    vi.mocked(saveProduct).mockRejectedValueOnce({
      code: '23505',
      message: 'duplicate key value violates unique constraint "products_sku_key"',
      details: 'Key (sku)=(RADIO-01) already exists.',
    });
    await user.clear(sku);
    await user.type(sku, ' RADIO-01 ');
    expect(sku).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(saveProduct).toHaveBeenCalledWith(
      null,
      expect.objectContaining({ sku: 'RADIO-01', name: 'Crank Radio' }),
      expect.any(String),
    );
    expect(await screen.findByText('This SKU is already used by another product')).toBeInTheDocument();
    await waitFor(() => expect(messages()).toContain('This SKU is already used by another product'));
    await waitFor(() => expect(sku).toHaveFocus());
    expect(sku).toHaveValue(' RADIO-01 ');
    expect(screen.getByLabelText('Product Name')).toHaveValue('Crank Radio');
    expect(screen.queryByText('Product list')).not.toBeInTheDocument();
  }, 30_000);
});
