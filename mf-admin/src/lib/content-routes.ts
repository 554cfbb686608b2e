import { routes } from '@prepper/shared';

/**
 * The back office's content pages and messages. Their addresses live here rather than in
 * @prepper/shared's `routes`, which ships in the storefront's first load (the shell's size budget):
 * only the back office links to them.
 */
export const contentRoutes = {
  /** Content pages and blog posts (settings permission). */
  pages: `${routes.admin.root}/pages`,
  newPage: `${routes.admin.root}/pages/new`,
  editPage: (pageId: string) => `${routes.admin.root}/pages/${pageId}/edit`,
  /** Messages from the Contact Us and Bulk Orders forms (customers permission). */
  messages: `${routes.admin.root}/messages`,
} as const;
