/**
 * Adds a text to a list the way the product form's features, tags and images lists do: trimmed,
 * empty input ignored, and (when `unique`) a value already present not added twice.
 * Returns the same array when nothing was added, so callers can tell.
 */
export function addListItem(list: readonly string[], input: string, options: { unique: boolean }): string[] {
  const value = input.trim();
  if (!value) return list as string[];
  if (options.unique && list.includes(value)) return list as string[];
  return [...list, value];
}

export function removeListItem(list: readonly string[], index: number): string[] {
  return list.filter((_, position) => position !== index);
}

/** Cleans a list loaded from the database the same way (trimmed, no empties, optionally no duplicates). */
export function normaliseList(list: readonly string[], options: { unique: boolean }): string[] {
  return list.reduce<string[]>((result, item) => addListItem(result, item, options), []);
}
