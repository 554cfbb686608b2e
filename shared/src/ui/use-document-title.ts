import { useEffect } from 'react';
// The package's own name, not '../routes': the ui entry is bundled into each app, and a relative import
// would bundle the routes (and the slugs they use) again beside the shared singleton's copy.
import { pageTitle } from '@prepper/shared';

/** Sets the document title to 'Name | ReadyStock' while the component is shown. */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}
