/** Props of catalog's ./CategoryNav expose (the contract the shell mounts it with). */
export interface CategoryNavProps {
  variant: 'desktop' | 'mobile';
  onNavigate?: () => void;
}
