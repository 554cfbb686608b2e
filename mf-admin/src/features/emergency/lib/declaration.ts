import type { EmergencyDeclaration } from '../api/emergencies';
import { emergencyTexts as t } from '../texts';

export interface DeclarationValues {
  name: string;
  regions: string;
  limit: string;
  /** A datetime-local value read as UTC ('2026-11-28T14:30'); empty: now. */
  start: string;
}

const DAY_MS = 86_400_000;

export type DeclarationErrors = Partial<Record<keyof DeclarationValues, string>>;

/** The rules admin_declare_emergency applies, checked before asking: each field's own message. */
export function validateDeclaration(
  values: DeclarationValues,
  now: Date = new Date(),
): { ok: true; declaration: EmergencyDeclaration } | { ok: false; errors: DeclarationErrors } {
  const errors: DeclarationErrors = {};
  const name = values.name.trim();
  const regions = values.regions.trim();
  const limitText = values.limit.trim();
  const limit = Number(limitText);
  if (name === '' || name.length > 120) errors.name = t.errors.name;
  if (regions.length > 500) errors.regions = t.errors.regions;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(limitText) || limit > 100) errors.limit = t.errors.limit;
  const startText = values.start.trim();
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(startText) ? new Date(`${startText}:00Z`) : null;
  if (
    startText !== '' &&
    (!start || Number.isNaN(start.getTime()) || start > now || start.getTime() < now.getTime() - 30 * DAY_MS)
  )
    errors.start = t.errors.start;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const declaration: EmergencyDeclaration = { name, regions, priceRiseLimitPercent: limit };
  if (start) declaration.startsAt = start.toISOString();
  return { ok: true, declaration };
}
