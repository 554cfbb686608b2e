import { KIT_BUILDER_PATH } from './domain/kit-path';
import { productSlug } from './domain/slug';

/** Every route path of the shop, in one place. */
export const routes = {
  home: '/',
  products: '/products',
  category: (categorySlug: string) => `/category/${categorySlug}`,
  subcategory: (categorySlug: string, subcategorySlug: string) =>
    `/category/${categorySlug}/${subcategorySlug}`,
  product: (name: string, id: string) => `/product/${productSlug(name, id)}`,
  /** The same page from a slug the database already holds (products.slug). */
  productBySlug: (slug: string) => `/product/${slug}`,
  /** The kit builder; its plan is the query (`@prepper/shared/kit`'s kitPlanSearch). */
  kitBuilder: KIT_BUILDER_PATH,
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  cookiePolicy: '/cookie-policy',
  /**
   * A content page staff edit in the back office (About Us, FAQ, a blog post...), by its slug. The three
   * policies are content pages at their own addresses above, where /pages/<slug> redirects.
   */
  contentPage: (slug: string) => `/pages/${slug}`,
  /** The blog: published posts (content pages of kind post), newest first. */
  blog: '/blog',
  /** The latest approved reviews across the shop. */
  reviews: '/reviews',
  /** The cart remote's checkout and the page an order placed there lands on. */
  checkout: '/checkout',
  orderConfirmation: (orderId: string) => `/checkout/confirmation/${orderId}`,
  /**
   * One order from its lookup link, for whoever holds it (a guest from the order's e-mail): the cart
   * remote's page; the token is orders.lookup_token, read by the database's order_lookup.
   */
  orderStatus: (token: string) => `/order-status?token=${encodeURIComponent(token)}`,
  /** The account remote's order history and one order's detail. */
  accountOrders: '/account/orders',
  accountOrder: (orderId: string) => `/account/orders/${orderId}`,
  /** The account remote's settings (name, e-mail, password, deletion) and the password reset link's page. */
  accountSettings: '/account/settings',
  resetPassword: '/account/reset-password',
  /** The catalogue's pages the back-in-stock e-mails link to (the token from the e-mail in the query). */
  waitlistConfirm: (token: string) => `/waitlist/confirm?token=${encodeURIComponent(token)}`,
  waitlistUnsubscribe: (token: string) => `/waitlist/unsubscribe?token=${encodeURIComponent(token)}`,
  /** The newsletter's double opt-in link and its one-click unsubscribe link (tokens from the e-mails). */
  newsletterConfirm: (token: string) => `/newsletter/confirm?token=${encodeURIComponent(token)}`,
  newsletterUnsubscribe: (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  admin: {
    root: '/admin',
    login: '/admin/login',
    dashboard: '/admin/dashboard',
    products: '/admin/products',
    newProduct: '/admin/products/new',
    editProduct: (productId: string) => `/admin/products/${productId}/edit`,
    categories: '/admin/categories',
    newCategory: '/admin/categories/new',
    editCategory: (categoryId: string) => `/admin/categories/${categoryId}/edit`,
    reviews: '/admin/reviews',
    administrators: '/admin/administrators',
    orders: '/admin/orders',
    order: (orderId: string) => `/admin/orders/${orderId}`,
    /** Every e-mail template with sample data (staff with the orders permission). */
    orderEmails: '/admin/orders/emails',
    customers: '/admin/customers',
    customer: (userId: string) => `/admin/customers/${userId}`,
    analytics: '/admin/analytics',
    settings: '/admin/settings',
    /** The staff audit log, optionally one record's history (its entries and those of its lots or subcategories). */
    audit: (recordId?: string) =>
      recordId ? `/admin/audit?record=${encodeURIComponent(recordId)}` : '/admin/audit',
  },
} as const;

/**
 * The same routes as patterns for a router (`:param` placeholders), for the route table in the shell
 * and in the remotes' own routers. Keep each next to its link builder above.
 */
export const routePatterns = {
  home: routes.home,
  products: routes.products,
  category: routes.category(':categorySlug'),
  subcategory: routes.subcategory(':categorySlug', ':subcategorySlug'),
  product: '/product/:productSlug',
  kitBuilder: routes.kitBuilder,
  privacyPolicy: routes.privacyPolicy,
  termsOfService: routes.termsOfService,
  cookiePolicy: routes.cookiePolicy,
  contentPage: routes.contentPage(':slug'),
  blog: routes.blog,
  reviews: routes.reviews,
  checkout: routes.checkout,
  orderConfirmation: routes.orderConfirmation(':orderId'),
  orderStatus: '/order-status',
  accountOrders: routes.accountOrders,
  accountOrder: routes.accountOrder(':orderId'),
  accountSettings: routes.accountSettings,
  resetPassword: routes.resetPassword,
  waitlistConfirm: '/waitlist/confirm',
  waitlistUnsubscribe: '/waitlist/unsubscribe',
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** Everything under /admin belongs to the back office. */
  admin: `${routes.admin.root}/*`,
} as const;

export const BRAND = {
  name: 'ReadyStock',
  tagline: 'Be Ready. Stay Safe.',
  titleSuffix: ' | ReadyStock',
} as const;

/** Document title for a page: 'Name | ReadyStock'. */
export function pageTitle(name?: string): string {
  return name ? `${name}${BRAND.titleSuffix}` : `${BRAND.name} — ${BRAND.tagline}`;
}
