import { routes } from '@prepper/shared';
import { Link } from 'react-router-dom';
import { hasPermission, useCurrentAdmin } from '../lib/current-admin';
import { buttonStyles } from './icons';

/**
 * 'History': the record's entries in the audit log, for an administrator who may read it (the settings
 * permission); nothing for the others or before the record exists.
 */
export function HistoryLink({
  recordId,
  name,
  className = buttonStyles.secondary,
}: {
  recordId: string | undefined;
  name: string;
  /** The look: a secondary button by default (a page header), a plain link in a table row. */
  className?: string;
}) {
  const admin = useCurrentAdmin();
  if (!recordId || !hasPermission(admin, 'settings')) return null;
  return (
    <Link to={routes.admin.audit(recordId)} className={className} aria-label={`History of ${name}`}>
      History
    </Link>
  );
}
