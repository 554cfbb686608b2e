export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Field, InputField, SelectField, TextareaField, inputClass, type FieldProps } from './field';
export { PageHeader, type PageHeaderProps } from './page-header';
export { Pagination, type PaginationProps } from './pagination';
export { StatCard, type StatCardProps } from './stat-card';
export {
  readListState,
  updateListState,
  type FilterSpec,
  type FilterValues,
  type ListState,
  type ListStateChange,
} from './list-params';
export { SearchInput, type SearchInputProps } from './search-input';
export { useListParams } from './use-list-params';
export { buttonStyles, icons } from './icons';
export { ListToolbar, type FilterTexts, type ListToolbarProps } from './list-toolbar';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { ResponsiveList, type ListColumn, type ResponsiveListProps } from './responsive-list';
export { ListPage, type ListPageProps, type ListPageTexts } from './list-page';
export { usePagedList, type PagedListOptions } from './use-paged-list';
export { useEntityForm, type EntityFormOptions } from './use-entity-form';
export { OrderStatusBadge, PaymentStatusBadge } from './order-badges';
export { DetailUnavailable, type DetailUnavailableProps } from './detail-unavailable';
export { ImageUploadField, type ImageUploadFieldProps, type UploadImage } from './image-upload-field';
