export { Dialog, type DialogProps } from './dialog';
export { Spinner } from './spinner';
export { FallbackImage, FALLBACK_IMAGE } from './fallback-image';
export { useDocumentTitle } from './use-document-title';
export { useLoad, type LoadState } from './use-load';
export { SignInRequired, type SignInRequiredProps } from './sign-in-required';
export { TextField } from './text-field';
export { NotLoaded, PageMessage, PRIMARY_ACTION } from './page-message';
export { CustomerGate, type CustomerGateProps } from './customer-gate';
