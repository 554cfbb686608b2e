import { useEffect } from 'react';
import { pageTitle } from '../routes';

/** Sets the document title to 'Name | ReadyStock' while the component is shown. */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
