export type Specifications = Record<string, string>;

/**
 * Adds a specification: name and value are both required (trimmed); the same name overwrites the
 * earlier value. Returns the same object when nothing was added.
 */
export function upsertSpecification(specs: Specifications, name: string, value: string): Specifications {
  const key = name.trim();
  const text = value.trim();
  if (!key || !text) return specs;
  return { ...specs, [key]: text };
}

export function removeSpecification(specs: Specifications, name: string): Specifications {
  const next = { ...specs };
  delete next[name];
  return next;
}

/** A jsonb value from the database as a name -> text map (non-object values give an empty map). */
export function toSpecifications(value: unknown): Specifications {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const result: Specifications = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== null && entry !== undefined) result[key] = String(entry);
  }
  return result;
}
