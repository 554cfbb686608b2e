import { useEffect, useState } from 'react';
import { removeUnkeptImages } from '../lib/upload-catalog-image';

export type RemoveImages = (paths: readonly string[]) => Promise<unknown>;

export interface FormUploads {
  /** An upload finished (if the form is already gone, it is removed at once). */
  uploaded: (url: string, path: string) => void;
  /** The field that held `previous` now holds another upload: `previous` goes unless the form still names it. */
  replaced: (previous: string, stillNamed: readonly string[]) => void;
  /** The record was saved naming `kept`: this visit's other uploads go, the kept ones are the record's now. */
  saved: (kept: readonly string[]) => void;
  /** The form is left without saving: every upload not kept by a save goes. */
  left: () => void;
  /** The form is shown (again). */
  entered: () => void;
}

/** The bookkeeping of `useFormUploads`, apart from React. */
export function createFormUploads(remove: RemoveImages): FormUploads {
  // public URL -> object path, of the uploads not (yet) kept by a save
  const pending = new Map<string, string>();
  let gone = false;

  function drop(urls: Iterable<string>) {
    const paths: string[] = [];
    for (const url of [...urls]) {
      const path = pending.get(url);
      if (path === undefined) continue;
      pending.delete(url);
      paths.push(path);
    }
    if (paths.length === 0) return;
    remove(paths).catch((error: unknown) => {
      console.error('Unused uploaded images could not be removed', error);
    });
  }

  return {
    uploaded(url, path) {
      pending.set(url, path);
      if (gone) drop([url]);
    },
    replaced(previous, stillNamed) {
      if (!stillNamed.includes(previous)) drop([previous]);
    },
    saved(kept) {
      drop([...pending.keys()].filter((url) => !kept.includes(url)));
      pending.clear();
    },
    left() {
      gone = true;
      drop(pending.keys());
    },
    entered() {
      gone = false;
    },
  };
}

/**
 * The pictures one visit of a product or category form uploaded to Storage, so those it does not keep are
 * removed again instead of staying behind as orphans: a picture replaced by another upload at once, the
 * uploads the saved record does not name after a save, and every upload when the form is left without
 * saving (Cancel, Back, another page; the tab closed, best effort). Only this visit's uploads are ever
 * removed, and the removal itself leaves any picture a saved product or category refers to.
 */
export function useFormUploads(remove: RemoveImages = removeUnkeptImages): FormUploads {
  const [uploads] = useState(() => createFormUploads(remove));
  useEffect(() => {
    uploads.entered();
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) uploads.left();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      uploads.left();
    };
  }, [uploads]);
  return uploads;
}
