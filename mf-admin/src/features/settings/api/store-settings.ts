import { getSupabase } from '@prepper/shared';
import { defineMutation, defineQuery } from '../../../lib/query';
import { SETTING_FIELDS, type StoreSettings } from '../lib/settings-form';

const COLUMNS = SETTING_FIELDS.map(({ key }) => key).join(', ');

/** The one settings row (everyone may read it). */
export async function getStoreSettings(): Promise<StoreSettings> {
  const { data, error } = await getSupabase().from('store_settings').select(COLUMNS).single();
  if (error) throw new Error(error.message);
  return data as unknown as StoreSettings;
}

export const storeSettingsQuery = defineQuery('store-settings', getStoreSettings);

/**
 * Saves the settings; the database checks the settings permission (RLS) and each range (check
 * constraints), and records the change in the audit log. A refused update changes no row: that is an error.
 */
export async function saveStoreSettings(settings: StoreSettings): Promise<StoreSettings> {
  const { data, error } = await getSupabase()
    .from('store_settings')
    .update(settings)
    .eq('id', true)
    .select(COLUMNS);
  if (error) throw new Error(error.message);
  if (!data || data.length === 0) throw new Error('The settings were not saved (permission denied)');
  return data[0] as unknown as StoreSettings;
}

export const saveStoreSettingsMutation = defineMutation('save settings', saveStoreSettings, {
  invalidates: [storeSettingsQuery],
});
