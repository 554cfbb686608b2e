import { $toasts } from '@prepper/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getProduct } from '../../features/products/api/get-product';
import { getProductLots } from '../../features/products/api/get-product-lots';
import { saveProduct } from '../../features/products/api/save-product';
import { saveProductLots } from '../../features/products/api/save-product-lots';
import { ProductFormPage } from './product-form-page';
import { CurrentAdminProvider } from '../../lib/current-admin';
import { TEST_SUPER_ADMIN as SUPER_ADMIN } from '../../lib/testing/current-admin';

// The backend boundary: the api modules (the form, the lot editor and their rules are real).
vi.mock('../../features/products/api/get-category-options', async (importOriginal) =>
  (await import('@prepper/shared/testing/queries')).mockFetchers(await importOriginal(), {
    getCategoryOptions: vi.fn(async () => [{ id: 'c-food', name: 'Food Storage' }]),
    getSubcategoryOptions: vi.fn(async () => []),
  }),
);
vi.mock('../../features/products/api/get-product', () => ({ getProduct: vi.fn() }));
vi.mock('../../features/products/api/get-product-lots', () => ({ getProductLots: vi.fn(async () => []) }));
vi.mock('../../features/products/api/save-product', () => ({
  saveProduct: vi.fn(async () => ({ id: 'p-new' })),
}));
vi.mock('../../features/products/api/save-product-lots', () => ({ saveProductLots: vi.fn(async () => []) }));

const PRODUCT_ID = '6698e529-5f85-58e3-8f10-6af35c99f359';

function renderAt(path: string) {
  return render(
    <CurrentAdminProvider admin={SUPER_ADMIN}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/products/new" element={<ProductFormPage />} />
          <Route path="/admin/products/:productId/edit" element={<ProductFormPage />} />
          <Route path="/admin/products" element={<p>Product list</p>} />
        </Routes>
      </MemoryRouter>
    </CurrentAdminProvider>,
  );
}

const messages = () => $toasts.get().map((toast) => toast.message);
const lotRows = () => screen.getAllByRole('group', { name: /^Lot \d+$/ });

async function fillProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Product Name'), 'Beef Stroganoff');
  await user.type(screen.getByLabelText('Description'), 'Freeze-dried');
  await user.selectOptions(await screen.findByLabelText('Category'), 'Food Storage');
  await user.clear(screen.getByLabelText('Price ($)'));
  await user.type(screen.getByLabelText('Price ($)'), '13.95');
  await user.type(screen.getByLabelText('Main Image URL'), 'https://img.test/meal.png');
}

beforeEach(() => {
  $toasts.set([]);
  vi.mocked(saveProduct).mockClear();
  vi.mocked(saveProductLots).mockClear();
});

describe('the Inventory section edits lots', () => {
  it('shows every lot error, focuses the first and saves nothing', async () => {
    const user = userEvent.setup();
    renderAt('/admin/products/new');
    await fillProduct(user);
    await user.click(screen.getByRole('button', { name: 'Add Lot' }));
    expect(within(lotRows()[0]!).getByLabelText(/^Lot code/)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Add Lot' }));
    const [first, second] = lotRows();
    expect(within(second!).getByLabelText(/^Lot code/)).toHaveFocus();
    await user.clear(within(first!).getByLabelText('Quantity'));
    await user.type(within(first!).getByLabelText('Quantity'), '2.5');
    await user.type(within(second!).getByLabelText(/^Lot code/), 'MH-1');
    await user.type(within(second!).getByLabelText('Best before'), '2020-01-31');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(within(first!).getByText('Lot code is required')).toBeInTheDocument();
    expect(within(first!).getByText('Quantity must be a whole number of 0 or more')).toBeInTheDocument();
    expect(within(second!).getByText('Best before cannot be before the received date')).toBeInTheDocument();
    expect(messages()).toContain('Lot code is required');
    await waitFor(() => expect(within(first!).getByLabelText(/^Lot code/)).toHaveFocus());
    expect(saveProduct).not.toHaveBeenCalled();
    expect(saveProductLots).not.toHaveBeenCalled();

    // Typing clears that field's error only.
    await user.type(within(first!).getByLabelText(/^Lot code/), 'MH-0');
    expect(within(first!).queryByText('Lot code is required')).not.toBeInTheDocument();
    expect(within(first!).getByText('Quantity must be a whole number of 0 or more')).toBeInTheDocument();
  }, 30_000);

  it('creates a product whose stock comes from two dated lots', async () => {
    const user = userEvent.setup();
    renderAt('/admin/products/new');
    await fillProduct(user);
    expect(screen.getByLabelText('Stock Count')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Lot' }));
    await user.click(screen.getByRole('button', { name: 'Add Lot' }));
    const [first, second] = lotRows();
    await user.type(within(first!).getByLabelText(/^Lot code/), 'PR-1');
    await user.clear(within(first!).getByLabelText('Quantity'));
    await user.type(within(first!).getByLabelText('Quantity'), '4');
    await user.type(within(first!).getByLabelText('Best before'), '2031-03-31');
    await user.type(within(second!).getByLabelText(/^Lot code/), 'PR-2');
    await user.clear(within(second!).getByLabelText('Quantity'));
    await user.type(within(second!).getByLabelText('Quantity'), '6');
    expect(screen.getByTestId('stock-from-lots')).toHaveTextContent('Stock from lots: 10');
    expect(screen.queryByLabelText('Stock Count')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Product' }));

    expect(await screen.findByText('Product list')).toBeInTheDocument();
    expect(vi.mocked(saveProduct).mock.calls[0]![1]).not.toHaveProperty('stock_count');
    expect(saveProductLots).toHaveBeenCalledWith('p-new', [
      expect.objectContaining({ lot_code: 'PR-1', quantity: 4, best_before: '2031-03-31' }),
      expect.objectContaining({ lot_code: 'PR-2', quantity: 6, best_before: null }),
    ]);
  }, 30_000);

  it('edits loaded lots: changes a quantity, removes one, and says why a refused save failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(getProduct).mockResolvedValue({
      id: PRODUCT_ID,
      name: 'Peak Refuel Beef Stroganoff',
      sku: 'RS-000042',
      description: 'Freeze-dried',
      category_id: 'c-food',
      subcategory_id: null,
      price: 13.95,
      original_price: null,
      image_url: 'https://img.test/meal.png',
      images: [],
      features: [],
      specifications: {},
      tags: [],
      in_stock: true,
      stock_count: 9,
      purchase_limit: null,
    } as never);
    vi.mocked(getProductLots).mockResolvedValue([
      {
        id: 'lot-a',
        product_id: PRODUCT_ID,
        lot_code: 'PR-1',
        quantity: 4,
        best_before: '2031-03-31',
        received_on: '2026-01-01',
      },
      {
        id: 'lot-b',
        product_id: PRODUCT_ID,
        lot_code: 'PR-2',
        quantity: 5,
        best_before: null,
        received_on: '2026-01-02',
      },
    ] as never);
    vi.mocked(saveProductLots).mockRejectedValueOnce(
      new Error(
        'Lot "PR-1" changed while you were editing (now 2 in stock). Reload the product and try again.',
      ),
    );
    vi.mocked(saveProduct).mockResolvedValue({ id: PRODUCT_ID } as never);
    const user = userEvent.setup();
    renderAt(`/admin/products/${PRODUCT_ID}/edit`);
    expect(await screen.findByTestId('stock-from-lots')).toHaveTextContent('Stock from lots: 9');
    const [first] = lotRows();
    await user.clear(within(first!).getByLabelText('Quantity'));
    await user.type(within(first!).getByLabelText('Quantity'), '7');
    await user.click(screen.getByRole('button', { name: 'Remove lot PR-2' }));
    expect(lotRows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add Lot' })).toHaveFocus();
    expect(screen.getByTestId('stock-from-lots')).toHaveTextContent('Stock from lots: 7');
    await user.click(screen.getByRole('button', { name: 'Update Product' }));

    await waitFor(() =>
      expect(messages()).toContain(
        'The lots were not saved: Lot "PR-1" changed while you were editing (now 2 in stock). Reload the product and try again.',
      ),
    );
    expect(saveProductLots).toHaveBeenCalledWith(PRODUCT_ID, [
      {
        id: 'lot-a',
        expected_quantity: 4,
        lot_code: 'PR-1',
        quantity: 7,
        best_before: '2031-03-31',
        received_on: '2026-01-01',
      },
    ]);
    // Nothing typed is lost: the form stays with the edits.
    expect(screen.queryByText('Product list')).not.toBeInTheDocument();
    expect(within(lotRows()[0]!).getByLabelText('Quantity')).toHaveValue(7);
  }, 30_000);
});
