import type { CurrentAdmin } from '../current-admin';

/** The seeded super administrator as the guard hands it to pages (every permission). */
export const TEST_SUPER_ADMIN: CurrentAdmin = {
  id: 'a-1',
  userId: 'u-1',
  email: 'admin@example.com',
  role: 'super_admin',
  permissions: ['products', 'categories', 'orders'],
};
