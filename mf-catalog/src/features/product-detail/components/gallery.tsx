import { FallbackImage } from '@prepper/shared/ui';
import { useState } from 'react';
import { productTexts } from '../texts';

/** The main picture and, with more than one, a row of thumbnails to switch it. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)] ?? '';
  return (
    <section aria-label={productTexts.gallery}>
      <div className="aspect-square overflow-hidden rounded-2xl border border-slate-200 bg-slate-100">
        <FallbackImage src={current} alt={name} className="h-full w-full object-cover" />
      </div>
      {images.length > 1 && (
        <ul className="mt-4 grid grid-cols-4 gap-3 sm:grid-cols-5">
          {images.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                aria-label={productTexts.showImage(index + 1)}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={`aspect-square w-full overflow-hidden rounded-lg border-2 bg-slate-100 transition ${
                  index === selected ? 'border-orange-600' : 'border-transparent hover:border-slate-300'
                }`}
              >
                <FallbackImage src={image} alt="" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
