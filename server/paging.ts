/**
 * One page of a list, read one row past the page so the list knows whether another page follows
 * without counting the whole table.
 */
export async function readPage<T>(
  read: (limit: number, offset: number) => Promise<T[]>,
  page: number,
  perPage: number,
): Promise<{ rows: T[]; page: number; hasNext: boolean }> {
  const rows = await read(perPage + 1, (page - 1) * perPage);
  return { rows: rows.slice(0, perPage), page, hasNext: rows.length > perPage };
}
