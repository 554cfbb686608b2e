import { getSupabase } from '@prepper/shared';
import { DEFAULT_REMINDER_WINDOW } from '@prepper/shared/supplies';
import { defineMutation, defineQuery } from '../../../lib/query';

/** The customer's reminder window in days (30, 60 or 90; 0 = off); 60 until they choose. */
export async function getReminderWindow(): Promise<number> {
  const { data, error } = await getSupabase()
    .from('supply_reminder_settings')
    .select('window_days')
    .maybeSingle();
  if (error) throw error;
  return data?.window_days ?? DEFAULT_REMINDER_WINDOW;
}

export const reminderWindowQuery = defineQuery('reminder-window', getReminderWindow);
export const useReminderWindow = (signedIn: boolean) => reminderWindowQuery.use(signedIn ? [] : null);

export async function setReminderWindow(days: number): Promise<void> {
  const { error } = await getSupabase().rpc('set_supply_reminder_window', { p_days: days });
  if (error) throw error;
}

export const setReminderWindowMutation = defineMutation('set reminder window', setReminderWindow, {
  invalidates: () => [reminderWindowQuery],
});
export const useSetReminderWindow = () => setReminderWindowMutation.use();
