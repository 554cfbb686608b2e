/**
 * Rows named by id, read a hundred ids per request.
 *
 * A read that names its rows (`id=in.(…)`) puts about 40 bytes per id into the request's address. The
 * proxies in front of a hosted PostgREST refuse an address over about 8 kB, and the local stack a request
 * head over 16 kB, so a list of a few hundred ids is read in requests of at most `IDS_PER_REQUEST` ids
 * (near 4 kB each), side by side.
 */

export const IDS_PER_REQUEST = 100;

/** What a supabase-js read resolves to. */
interface ReadResult<Row> {
  data: Row[] | null;
  error: unknown;
}

/**
 * The rows `read` answers for `ids`, asked `IDS_PER_REQUEST` ids at a time; nothing is asked for no ids.
 * A failed request fails the whole read with its error. Rows come in the order of the requests.
 */
export async function readByIds<Row>(
  ids: readonly string[],
  read: (chunk: string[]) => PromiseLike<ReadResult<Row>>,
): Promise<Row[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    chunks.push(ids.slice(start, start + IDS_PER_REQUEST));
  }
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const { data, error } = await read(chunk);
      if (error) throw error;
      return data ?? [];
    }),
  );
  return pages.flat();
}
