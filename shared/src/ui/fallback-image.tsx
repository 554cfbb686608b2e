import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

/** A neutral picture shown when a product or category image cannot be loaded. */
export const FALLBACK_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e2e8f0"/><path d="M150 190l35-45 30 35 20-25 45 55H120z" fill="#94a3b8"/><circle cx="165" cy="115" r="18" fill="#94a3b8"/></svg>',
  );

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  fallback?: string;
};

/** <img> that swaps to a fallback picture when the address is empty or fails to load. */
export function FallbackImage({ src, fallback = FALLBACK_IMAGE, alt = '', ...rest }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && failedSrc !== src ? src : fallback;
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered image may fail before the browser has hydrated the page (no error handler yet):
  // a finished image without pixels has failed.
  useEffect(() => {
    const element = image.current;
    if (src && element?.complete && element.naturalWidth === 0 && element.getAttribute('src') === src) {
      setFailedSrc(src);
    }
  }, [src]);
  return (
    <img
      {...rest}
      ref={image}
      alt={alt}
      src={usable}
      onError={() => {
        if (src) setFailedSrc(src);
      }}
    />
  );
}
