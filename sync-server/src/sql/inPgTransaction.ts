import type pg from 'pg'

/** Runs `work` on `client` between BEGIN and COMMIT, rolled back (and rethrown) when it fails. */
export async function inPgTransaction<T>(
  client: pg.PoolClient,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  await client.query('BEGIN')
  try {
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  }
}
