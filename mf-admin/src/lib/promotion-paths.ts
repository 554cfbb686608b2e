/** The discount codes' pages, under the back office (kept here: the shared route table is in the shell's bundle). */
export const promotionPaths = {
  list: '/admin/promotions',
  create: '/admin/promotions/new',
  edit: (id: string) => `/admin/promotions/${id}/edit`,
};
