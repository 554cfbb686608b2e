import { BRAND } from '@prepper/shared';

/**
 * The texts of the shell's parts that load only when needed (the emergency banner, the toaster, the
 * not-found and configuration error pages), apart from texts.ts so the first load does not carry them.
 */
export const lateTexts = {
  emergency: {
    label: 'Emergency notice',
    title: (name: string) => `Emergency: ${name}`,
    rules: 'Purchase limits apply per customer and prices are capped, so supplies reach everyone.',
    guide: 'How to prepare',
    guideSlug: 'preparedness',
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
  configError: {
    title: `${BRAND.name} could not start`,
    body: 'We could not load the shop’s configuration. Check your connection and try again.',
    retry: 'Retry',
  },
} as const;
