import { PageButtons } from '@prepper/shared/ui';
import { listTexts } from '../../../lib/list-texts';

/** Previous, page numbers and Next under the product grid; nothing when there is one page. */
export function Pagination({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <PageButtons
      page={page}
      pageCount={pages}
      onChange={onChange}
      label={listTexts.products.pagination}
      previousLabel={listTexts.products.previous}
      nextLabel={listTexts.products.next}
      pageLabel={listTexts.products.page}
      size="roomy"
      className="mt-10 justify-center gap-2"
    />
  );
}
