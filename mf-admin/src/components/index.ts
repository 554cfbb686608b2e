export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { Field, InputField, SelectField, TextareaField, inputClass, type FieldProps } from './field';
export { PageHeader, type PageHeaderProps } from './page-header';
export { pageCount, pageNumbers, pageRange, type PageItem } from './page-numbers';
export { Pagination, type PaginationProps } from './pagination';
export { StatCard, type StatCardProps } from './stat-card';
