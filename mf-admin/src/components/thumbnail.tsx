import { FallbackImage } from '@prepper/shared/ui';

const SIZES = { sm: 'h-10 w-10', md: 'h-12 w-12', lg: 'h-14 w-14' };

/** A decorative picture of a list row or card (the catalogue's fallback when missing or broken). */
export function Thumbnail({ src, size }: { src: string | null | undefined; size: keyof typeof SIZES }) {
  return (
    <FallbackImage
      src={src}
      alt=""
      loading="lazy"
      className={`${SIZES[size]} shrink-0 rounded-md object-cover`}
    />
  );
}
