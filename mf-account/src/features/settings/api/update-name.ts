import { getSupabase } from '@prepper/shared';
import { defineMutation } from '../../../lib/query';

export interface NameInput {
  firstName: string;
  lastName: string;
}

/**
 * Saves the customer's first and last name in the account's user metadata (where sign-up put them); the
 * session's user changes, and with it `$customer` and the header.
 */
export async function updateName({ firstName, lastName }: NameInput): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({
    data: { first_name: firstName, last_name: lastName, full_name: `${firstName} ${lastName}` },
  });
  if (error) throw error;
}

export const updateNameMutation = defineMutation('update name', updateName);
export const useUpdateName = () => updateNameMutation.use();
