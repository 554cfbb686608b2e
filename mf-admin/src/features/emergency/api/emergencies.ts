import { getSupabase } from '@prepper/shared';
import { defineMutation, defineQuery } from '../../../lib/query';

export interface Emergency {
  id: string;
  name: string;
  regions: string;
  starts_at: string;
  ended_at: string | null;
  price_rise_limit_percent: number;
}

/** How many past emergencies the page lists (the newest). */
export const EMERGENCY_HISTORY_LIMIT = 10;

/** The open emergency first (if any), then the latest ended ones. Everyone reads these columns. */
export async function getEmergencies(): Promise<Emergency[]> {
  const { data, error } = await getSupabase()
    .from('emergencies')
    .select('id, name, regions, starts_at, ended_at, price_rise_limit_percent')
    .order('ended_at', { ascending: false, nullsFirst: true })
    .order('starts_at', { ascending: false })
    .limit(EMERGENCY_HISTORY_LIMIT + 1)
    .overrideTypes<Emergency[], { merge: false }>();
  if (error) throw new Error(error.message);
  return data;
}

export const emergenciesQuery = defineQuery('emergencies', getEmergencies);

export interface EmergencyDeclaration {
  name: string;
  regions: string;
  priceRiseLimitPercent: number;
  /** When it began (ISO 8601); absent: now. */
  startsAt?: string;
}

/** Declares an emergency (admin_declare_emergency checks the settings permission and each field). */
export async function declareEmergency(declaration: EmergencyDeclaration): Promise<void> {
  const { error } = await getSupabase().rpc('admin_declare_emergency', {
    p_name: declaration.name,
    p_regions: declaration.regions,
    p_price_rise_limit_percent: declaration.priceRiseLimitPercent,
    p_starts_at: declaration.startsAt,
  });
  if (error) throw new Error(error.message);
}

export const declareEmergencyMutation = defineMutation('declare emergency', declareEmergency, {
  invalidates: [emergenciesQuery],
});

/** Ends the open emergency now. */
export async function endEmergency(): Promise<void> {
  const { error } = await getSupabase().rpc('admin_end_emergency');
  if (error) throw new Error(error.message);
}

export const endEmergencyMutation = defineMutation('end emergency', endEmergency, {
  invalidates: [emergenciesQuery],
});
