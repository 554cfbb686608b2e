import type { EmergencyDeclaration } from '../api/emergencies';
import { emergencyTexts as t } from '../texts';

export interface DeclarationValues {
  name: string;
  regions: string;
  limit: string;
}

export type DeclarationErrors = Partial<Record<keyof DeclarationValues, string>>;

/** The rules admin_declare_emergency applies, checked before asking: each field's own message. */
export function validateDeclaration(
  values: DeclarationValues,
): { ok: true; declaration: EmergencyDeclaration } | { ok: false; errors: DeclarationErrors } {
  const errors: DeclarationErrors = {};
  const name = values.name.trim();
  const regions = values.regions.trim();
  const limitText = values.limit.trim();
  const limit = Number(limitText);
  if (name === '' || name.length > 120) errors.name = t.errors.name;
  if (regions.length > 500) errors.regions = t.errors.regions;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(limitText) || limit > 100) errors.limit = t.errors.limit;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, declaration: { name, regions, priceRiseLimitPercent: limit } };
}
