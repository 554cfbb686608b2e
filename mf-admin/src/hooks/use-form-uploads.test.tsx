import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFormUploads, useFormUploads, type FormUploads, type RemoveImages } from './use-form-uploads';

const url = (name: string) => `https://stack.test/storage/v1/object/public/catalog/products/p1/${name}`;
const path = (name: string) => `products/p1/${name}`;

function tracker() {
  const remove = vi.fn<RemoveImages>(async () => []);
  return { remove, uploads: createFormUploads(remove) };
}

describe('createFormUploads', () => {
  it('removes every upload of the visit when the form is left without saving', () => {
    const { remove, uploads } = tracker();
    uploads.uploaded(url('a.png'), path('a.png'));
    uploads.uploaded(url('b.png'), path('b.png'));
    uploads.left();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith([path('a.png'), path('b.png')]);
  });

  it('removes a replaced upload at once, unless the form still names it', () => {
    const { remove, uploads } = tracker();
    uploads.uploaded(url('a.png'), path('a.png'));
    uploads.uploaded(url('b.png'), path('b.png'));
    uploads.replaced(url('a.png'), [url('a.png')]);
    expect(remove).not.toHaveBeenCalled();
    uploads.replaced(url('a.png'), []);
    expect(remove).toHaveBeenCalledWith([path('a.png')]);
    remove.mockClear();
    uploads.left();
    expect(remove).toHaveBeenCalledWith([path('b.png')]);
  });

  it('never removes a picture this visit did not upload (the saved record’s)', () => {
    const { remove, uploads } = tracker();
    uploads.replaced('https://img.test/saved.png', []);
    uploads.left();
    expect(remove).not.toHaveBeenCalled();
  });

  it('after a save keeps what the record names, removes the rest, and leaving removes nothing more', () => {
    const { remove, uploads } = tracker();
    uploads.uploaded(url('kept.png'), path('kept.png'));
    uploads.uploaded(url('dropped.png'), path('dropped.png'));
    uploads.saved([url('kept.png'), 'https://img.test/other.png']);
    expect(remove).toHaveBeenCalledWith([path('dropped.png')]);
    remove.mockClear();
    uploads.left();
    expect(remove).not.toHaveBeenCalled();
  });

  it('removes an upload that finishes after the form was left', () => {
    const { remove, uploads } = tracker();
    uploads.left();
    uploads.uploaded(url('late.png'), path('late.png'));
    expect(remove).toHaveBeenCalledWith([path('late.png')]);
  });

  it('only logs a failed removal (best effort)', async () => {
    const remove = vi.fn<RemoveImages>(() => Promise.reject(new Error('offline')));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const uploads = createFormUploads(remove);
    uploads.uploaded(url('a.png'), path('a.png'));
    uploads.left();
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith('Unused uploaded images could not be removed', expect.any(Error)),
    );
    error.mockRestore();
  });
});

describe('useFormUploads', () => {
  function Form({ remove, onReady }: { remove: RemoveImages; onReady: (uploads: FormUploads) => void }) {
    onReady(useFormUploads(remove));
    return null;
  }

  it('removes the unsaved uploads when the form unmounts, and when the page is closed', () => {
    const remove = vi.fn<RemoveImages>(async () => []);
    let uploads: FormUploads | undefined;
    const { unmount } = render(<Form remove={remove} onReady={(u) => (uploads = u)} />);
    uploads!.uploaded(url('a.png'), path('a.png'));
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    expect(remove).toHaveBeenCalledWith([path('a.png')]);
    uploads!.uploaded(url('b.png'), path('b.png'));
    unmount();
    expect(remove).toHaveBeenLastCalledWith([path('b.png')]);
  });
});
