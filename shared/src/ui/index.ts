export { Dialog, type DialogProps } from './dialog';
export { Spinner } from './spinner';
export { FallbackImage, FALLBACK_IMAGE } from './fallback-image';
export { useDocumentTitle } from './use-document-title';
