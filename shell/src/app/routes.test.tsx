import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RemoteLoaderContext } from '../components/remote/remote-loader-context';
import { stubLoader } from '../test/fake-loader';
import { AppRoutes, storefrontRoutes } from './routes';

async function renderAt(path: string) {
  const stub = stubLoader();
  render(
    <RemoteLoaderContext.Provider value={stub.loader}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </RemoteLoaderContext.Provider>,
  );
  // Storefront pages also mount the category navigation; let every slot settle.
  if (!path.startsWith('/admin')) expect(await screen.findByText('catalog/CategoryNav')).toBeInTheDocument();
  return stub;
}

describe('the route table', () => {
  it.each([
    ['/', 'catalog/HomePage'],
    ['/products', 'catalog/ProductsPage'],
    ['/category/communication', 'catalog/CategoryPage'],
    ['/category/communication/two-way-radios', 'catalog/SubcategoryPage'],
    ['/product/solar-generator-2f1d7a0e-8a44-4b6f-9d35-1c2b3a4d5e6f', 'catalog/ProductPage'],
    ['/kit-builder', 'catalog/KitBuilderPage'],
    ['/checkout', 'cart/CheckoutPage'],
    ['/checkout/reorder?products=2f1d7a0e-8a44-4b6f-9d35-1c2b3a4d5e6f', 'cart/ReorderPage'],
    ['/checkout/confirmation/2f1d7a0e-8a44-4b6f-9d35-1c2b3a4d5e6f', 'cart/OrderConfirmationPage'],
    ['/account/orders', 'account/OrderHistoryPage'],
    ['/account/orders/2f1d7a0e-8a44-4b6f-9d35-1c2b3a4d5e6f', 'account/OrderDetailPage'],
    ['/account/settings', 'account/AccountSettingsPage'],
    ['/account/supplies', 'account/SuppliesPage'],
    ['/account/reset-password', 'account/ResetPasswordPage'],
    ['/pages/about-us', 'catalog/ContentPage'],
    ['/privacy-policy', 'catalog/ContentPage'],
    ['/terms-of-service', 'catalog/ContentPage'],
    ['/cookie-policy', 'catalog/ContentPage'],
    ['/blog', 'catalog/ContentPage'],
    ['/reviews', 'catalog/ContentPage'],
  ])('%s mounts %s inside the storefront layout', async (path, expose) => {
    const { calls } = await renderAt(path);
    expect(await screen.findByText(expose)).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(calls).not.toContain('admin/AdminApp');
  });

  it('lists exactly the five catalogue routes, the kit builder, the waitlist and newsletter link pages, the content pages (the policies too), blog and reviews, the checkout pages and the account pages', () => {
    expect(storefrontRoutes.map((route) => [route.path, route.remote])).toEqual([
      ['/', 'catalog'],
      ['/products', 'catalog'],
      ['/category/:categorySlug', 'catalog'],
      ['/category/:categorySlug/:subcategorySlug', 'catalog'],
      ['/product/:productSlug', 'catalog'],
      ['/kit-builder', 'catalog'],
      ['/waitlist/confirm', 'catalog'],
      ['/waitlist/unsubscribe', 'catalog'],
      ['/newsletter/confirm', 'catalog'],
      ['/newsletter/unsubscribe', 'catalog'],
      ['/pages/:slug', 'catalog'],
      ['/privacy-policy', 'catalog'],
      ['/terms-of-service', 'catalog'],
      ['/cookie-policy', 'catalog'],
      ['/blog', 'catalog'],
      ['/reviews', 'catalog'],
      ['/checkout', 'cart'],
      ['/checkout/reorder', 'cart'],
      ['/checkout/confirmation/:orderId', 'cart'],
      ['/order-status', 'cart'],
      ['/account/orders', 'account'],
      ['/account/orders/:orderId', 'account'],
      ['/account/settings', 'account'],
      ['/account/supplies', 'account'],
      ['/account/reset-password', 'account'],
    ]);
  });

  it('shows a not-found page for an unknown address', async () => {
    await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it.each(['/admin', '/admin/login', '/admin/products/new'])(
    '%s mounts the admin app full page, without the storefront header and footer',
    async (path) => {
      const { calls } = await renderAt(path);
      expect(await screen.findByText('admin/AdminApp')).toBeInTheDocument();
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
      expect(calls).toEqual(['admin/AdminApp']);
    },
  );
});
