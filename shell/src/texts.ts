import { formatCount } from '@prepper/shared/format';
import { BRAND } from '@prepper/shared';

/** Every user-facing text of the shell, in one place. */
export const texts = {
  brand: BRAND.name,
  tagline: BRAND.tagline,
  topBar: {
    hotlineLabel: 'Emergency Hotline:',
    hotline: '1-800-555-0199',
    hotlineHref: 'tel:+18005550199',
    shipping: 'Free shipping on orders over $99',
  },
  header: {
    homeLink: `${BRAND.name} home`,
    search: 'Search',
    searchHint: 'Search (press / or Ctrl+K)',
    signIn: 'Sign In',
    greeting: (firstName: string) => `Hi, ${firstName}`,
    accountLabel: (firstName: string) => `Account of ${firstName}`,
    wishlistCount: (count: number) => `${formatCount(count, 'product', 'products')} in your wishlist`,
    cart: 'Cart',
    cartLabel: (count: number) => `Cart, ${formatCount(count, 'item', 'items')}`,
    menu: 'Menu',
    mainNav: 'Main',
    categories: 'Categories',
  },
  slots: {
    loading: (part: string) => `Loading ${part.toLowerCase()}…`,
    unavailable: (part: string) => `${part} is temporarily unavailable.`,
    retry: 'Retry',
    retrying: 'Retrying…',
    close: 'Close',
  },
  /** Slots that hold less than a remote (a remote's own name is its label in the app registry). */
  parts: {
    categoryNav: 'Category navigation',
  },
  footer: {
    about: `${BRAND.name} equips families, hikers and homesteads with field-tested emergency gear, food storage and power — so you are ready before you need to be.`,
    shopHeading: 'Shop',
    companyHeading: 'Company',
    helpHeading: 'Customer Service',
    contactHeading: 'Contact',
    legalNav: 'Legal',
    companyLinks: ['About Us', 'Blog', 'Reviews', 'Bulk Orders', 'Contact Us'],
    helpLinks: ['Shipping Info', 'Returns', 'Size Guide', 'FAQ'],
    allProducts: 'All Products',
    privacyPolicy: 'Privacy Policy',
    termsOfService: 'Terms of Service',
    cookiePolicy: 'Cookie Policy',
    hotlineLabel: 'Emergency hotline (24/7)',
    supportLabel: 'Customer support',
    support: ['(555) 010-2030', '(555) 010-2031'],
    mailboxes: ['support@readystock.example', 'orders@readystock.example'],
    address: ['1200 Preparedness Way', 'Boulder, CO 80301', 'United States'],
    copyright: `© 2024 ${BRAND.name}. All rights reserved.`,
  },
  toaster: {
    label: 'Notifications',
    dismiss: 'Dismiss notification',
  },
  notFound: {
    title: 'Page Not Found',
    body: "The page you are looking for doesn't exist or has moved.",
    home: 'Back to Home',
    products: 'Browse All Products',
  },
  unexpectedError: 'Unexpected Application Error!',
  configError: {
    title: `${BRAND.name} could not start`,
    body: 'We could not load the shop’s configuration. Check your connection and try again.',
    retry: 'Retry',
  },
} as const;
