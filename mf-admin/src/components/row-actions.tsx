import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { buttonStyles } from './icons';

/** One icon action of a list row: a link (`to`) or a button (`onClick`), named for screen readers. */
export type RowAction = {
  /** The accessible name and tooltip, e.g. 'Edit Water Filter'. */
  label: string;
  /** A short tooltip instead of the label (e.g. 'Approve'). */
  title?: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone?: 'danger' | 'approve';
  disabled?: boolean;
} & ({ to: string } | { onClick: () => void });

const TONE = {
  danger: 'hover:bg-red-50 hover:text-red-700',
  approve: 'hover:bg-green-50 hover:text-green-700',
};

/** The icon buttons at the end of a list row (and under a card on narrow screens). */
export function RowActions({ actions, className = '' }: { actions: RowAction[]; className?: string }) {
  return (
    <div className={`flex justify-end gap-1 ${className}`}>
      {actions.map((action) => {
        const { label, title = label, icon: Icon, tone } = action;
        const classes = tone ? `${buttonStyles.icon} ${TONE[tone]}` : buttonStyles.icon;
        return 'to' in action ? (
          <Link key={label} to={action.to} className={classes} aria-label={label} title={title}>
            <Icon />
          </Link>
        ) : (
          <button
            key={label}
            type="button"
            className={classes}
            disabled={action.disabled}
            aria-label={label}
            title={title}
            onClick={action.onClick}
          >
            <Icon />
          </button>
        );
      })}
    </div>
  );
}
