export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Field, InputField, SelectField, TextareaField, inputClass, type FieldProps } from './field';
export { PageHeader, type PageHeaderProps } from './page-header';
export { Pagination, type PaginationProps } from './pagination';
export { StatCard, type StatCardProps } from './stat-card';
export { SearchInput, type SearchInputProps } from './search-input';
export { SearchCombobox, type SearchComboboxProps, type SearchComboboxTexts } from './search-combobox';
export { buttonStyles, icons } from './icons';
export { ListToolbar, type FilterTexts, type ListToolbarProps } from './list-toolbar';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
export { ResponsiveList, type ListColumn, type ResponsiveListProps } from './responsive-list';
export {
  ListPage,
  type ListPageProps,
  type ListPageState,
  type ListPageTexts,
  type SummaryCard,
} from './list-page';
export { RowActions, type RowAction } from './row-actions';
export { OrderStatusBadge, PaymentStatusBadge } from './order-badges';
export { DetailUnavailable, type DetailUnavailableProps } from './detail-unavailable';
export { ImageUploadField, type ImageUploadFieldProps, type UploadImage } from './image-upload-field';
export { Thumbnail } from './thumbnail';
export { FormSection, type FormSectionProps } from './form-section';
export { FormButtons, FormPage, type FormButtonsProps, type FormPageProps } from './form-page';
export { HistoryLink } from './history-link';
export { LoadFailed, type LoadFailedProps } from './load-failed';
