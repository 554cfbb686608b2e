import { StarIcon } from '@heroicons/react/24/solid';
import type { ComponentProps, ComponentType } from 'react';
import {
  ArrowLeftIcon,
  ArrowUturnLeftIcon,
  CheckIcon,
  CubeIcon,
  CurrencyDollarIcon,
  ExclamationTriangleIcon,
  EyeIcon,
  FolderIcon,
  InboxIcon,
  PencilIcon,
  PlusIcon,
  Square3Stack3DIcon,
  TrashIcon,
  UsersIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';

type IconProps = ComponentProps<'svg'>;

/** A Heroicon at the admin's small size unless a class says otherwise (decorative: Heroicons are aria-hidden). */
function small(Icon: ComponentType<IconProps>) {
  return function SmallIcon({ className = 'h-4 w-4', ...props }: IconProps) {
    return <Icon className={className} {...props} />;
  };
}

/** Small icons for admin buttons (decorative: give the button its own accessible name). */
export const icons = {
  plus: small(PlusIcon),
  eye: small(EyeIcon),
  edit: small(PencilIcon),
  trash: small(TrashIcon),
  package: small(CubeIcon),
  check: small(CheckIcon),
  alert: small(ExclamationTriangleIcon),
  dollar: small(CurrencyDollarIcon),
  folder: small(FolderIcon),
  layers: small(Square3Stack3DIcon),
  inbox: small(InboxIcon),
  arrowLeft: small(ArrowLeftIcon),
  x: small(XMarkIcon),
  undo: small(ArrowUturnLeftIcon),
  star: small(StarIcon),
  users: small(UsersIcon),
};

/** Classes of the primary (orange) and secondary (outlined) admin buttons and of icon-only row actions. */
export const buttonStyles = {
  primary:
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md bg-orange-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-orange-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-600 disabled:cursor-not-allowed disabled:opacity-60',
  icon: 'inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-orange-600 disabled:opacity-50',
  back: 'inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-orange-700',
} as const;
