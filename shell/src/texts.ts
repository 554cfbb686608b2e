import { formatCount } from '@prepper/shared/format';

/** Every user-facing text of the shell, in one place. */
export const texts = {
  topBar: {
    hotlineLabel: 'Emergency Hotline:',
    shipping: (threshold: string) => `Free shipping on orders over ${threshold}`,
    freeShipping: 'Free shipping on every order',
  },
  header: {
    homeLink: (name: string) => `${name} home`,
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
    about: (name: string) =>
      `${name} equips families, hikers and homesteads with field-tested emergency gear, food storage and power — so you are ready before you need to be.`,
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
    copyright: (name: string) => `© 2024 ${name}. All rights reserved.`,
  },
  /** The error element's way out (the not-found page's texts load with it: late-texts.ts). */
  backHome: 'Back to Home',
  unexpectedError: 'Unexpected Application Error!',
} as const;
