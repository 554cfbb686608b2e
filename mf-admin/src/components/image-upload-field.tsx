import {
  catalogImagePath,
  checkImageFile,
  uploadRefusal,
  type CatalogImageOwner,
  type ImageRefusal,
} from '@prepper/shared/catalog-images';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { uploadCatalogImage } from '../lib/upload-catalog-image';
import type { UploadProgress } from '../lib/xhr-fetch';
import { imageUploadTexts as t } from './image-upload-texts';

export type UploadImage = (path: string, file: File, onProgress: UploadProgress) => Promise<string>;

export interface ImageUploadFieldProps {
  /** The label of the file input, e.g. "Upload main image". */
  label: string;
  owner: CatalogImageOwner;
  /** The product or category id: uploads go to `<owner>/<ownerId>/...`. */
  ownerId: string;
  /** Called with the public URL of each uploaded image. */
  onUploaded: (url: string) => void;
  /**
   * Called with the public URL and the object path of each stored upload, even when the field is gone by
   * then (the form keeps track of its uploads, to remove those it does not keep).
   */
  onStored?: (url: string, path: string) => void;
  /** The upload (default: Storage through supabase-js); tests pass their own. */
  upload?: UploadImage;
  className?: string;
}

type State =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'uploading'; sent: number; total: number }
  | { step: 'processing' }
  | { step: 'done'; name: string }
  | { step: 'refused'; refusal: ImageRefusal; fromServer: boolean };

function read<T extends string | ArrayBuffer>(blob: Blob, as: 'dataUrl' | 'buffer'): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    if (as === 'dataUrl') reader.readAsDataURL(blob);
    else reader.readAsArrayBuffer(blob);
  });
}

/**
 * A labelled file input that checks the chosen image in the browser (type by content, SVG refused, at
 * most 1 MiB), shows its preview, uploads it to the `catalog` bucket with the bytes sent as progress and
 * hands the public URL over; a refusal (here or by the server) is said in words next to the input.
 */
export function ImageUploadField({
  label,
  owner,
  ownerId,
  onUploaded,
  onStored,
  upload = uploadCatalogImage,
  className = '',
}: ImageUploadFieldProps) {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [preview, setPreview] = useState<{ src: string; name: string } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const busy = state.step === 'checking' || state.step === 'uploading' || state.step === 'processing';

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setState({ step: 'checking' });
    setPreview(null);
    const head = await read<ArrayBuffer>(file.slice(0, 64), 'buffer').catch(() => null);
    if (!mounted.current) return;
    if (!head) {
      setState({ step: 'refused', refusal: 'failed', fromServer: false });
      return;
    }
    const checked = checkImageFile({
      name: file.name,
      size: file.size,
      type: file.type,
      head: new Uint8Array(head),
    });
    if (!checked.ok) {
      setState({ step: 'refused', refusal: checked.refusal, fromServer: false });
      return;
    }
    const src = await read<string>(file, 'dataUrl').catch(() => null);
    if (!mounted.current) return;
    if (src) setPreview({ src, name: file.name });
    setState({ step: 'uploading', sent: 0, total: file.size });
    try {
      const path = catalogImagePath(owner, ownerId, file.name, checked.type);
      const url = await upload(path, file, (sent, total) => {
        if (mounted.current)
          setState(sent < total ? { step: 'uploading', sent, total } : { step: 'processing' });
      });
      onStored?.(url, path);
      if (!mounted.current) return;
      setState({ step: 'done', name: file.name });
      onUploaded(url);
    } catch (error) {
      console.error(error);
      if (!mounted.current) return;
      const refusal = uploadRefusal(error as { statusCode?: unknown; status?: unknown; message?: string });
      setState({ step: 'refused', refusal, fromServer: true });
    }
  }

  const hintId = `${id}-hint`;
  const messageId = `${id}-message`;
  const percent =
    state.step === 'uploading' && state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  return (
    <div className={`space-y-2 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        disabled={busy}
        aria-describedby={state.step === 'refused' ? `${hintId} ${messageId}` : hintId}
        aria-invalid={state.step === 'refused' ? true : undefined}
        onChange={(event) => void choose(event)}
        className="block w-full rounded-md text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-orange-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-orange-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <p id={hintId} className="text-xs text-slate-500">
        {t.hint}
      </p>
      <div className="flex flex-wrap items-start gap-3">
        {preview ? (
          <img
            src={preview.src}
            alt={t.previewAlt(preview.name)}
            className="h-24 w-24 rounded-md border border-slate-200 object-cover"
          />
        ) : null}
        <div role="status" className="min-w-0 flex-1 text-sm text-slate-700">
          {state.step === 'checking' ? t.checking : null}
          {state.step === 'uploading' || state.step === 'processing' ? (
            <>
              <progress
                className="h-2 w-full max-w-xs accent-orange-600"
                max={100}
                value={state.step === 'processing' ? 100 : percent}
                aria-label={t.progressLabel}
              />
              <span className="block">
                {state.step === 'processing' ? t.processing : t.uploading(percent)}
              </span>
            </>
          ) : null}
          {state.step === 'done' ? <span className="text-green-700">{t.uploaded(state.name)}</span> : null}
        </div>
      </div>
      {state.step === 'refused' ? (
        <p id={messageId} role="alert" className="text-sm text-red-600">
          {state.fromServer && state.refusal !== 'failed'
            ? `${t.serverRefused} ${t.refusals[state.refusal]}`
            : t.refusals[state.refusal]}
        </p>
      ) : null}
    </div>
  );
}
