import {
  ArrowLeft,
  Check,
  DollarSign,
  Eye,
  Folder,
  Inbox,
  Layers,
  Package,
  Pencil,
  Plus,
  Star,
  Trash2,
  TriangleAlert,
  Undo2,
  X,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/** A lucide icon at the admin's small size unless a class says otherwise (decorative: lucide hides it from assistive tech). */
function small(Icon: LucideIcon, defaults: LucideProps = {}) {
  return function SmallIcon({ className = 'h-4 w-4', ...props }: LucideProps) {
    return <Icon className={className} {...defaults} {...props} />;
  };
}

/** Small icons for admin buttons (decorative: give the button its own accessible name). */
export const icons = {
  plus: small(Plus),
  eye: small(Eye),
  edit: small(Pencil),
  trash: small(Trash2),
  package: small(Package),
  check: small(Check),
  alert: small(TriangleAlert),
  dollar: small(DollarSign),
  folder: small(Folder),
  layers: small(Layers),
  inbox: small(Inbox),
  arrowLeft: small(ArrowLeft),
  x: small(X),
  undo: small(Undo2),
  star: small(Star, { fill: 'currentColor', strokeWidth: 0 }),
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
