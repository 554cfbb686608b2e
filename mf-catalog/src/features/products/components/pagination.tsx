import { PageButtons } from '@prepper/shared/ui';
import { texts } from '../../../texts';

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
      label={texts.products.pagination}
      previousLabel={texts.products.previous}
      nextLabel={texts.products.next}
      pageLabel={texts.products.page}
      size="roomy"
      className="mt-10 justify-center gap-2"
    />
  );
}
