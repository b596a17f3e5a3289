import { describe, expect, it } from 'vitest'
import { testPgPool } from '../../test/postgres/testPgPool'
import { PgDriver } from './PgDriver'

describe('PgDriver', () => {
  // Two connections: consecutive calls of two drivers share them, so search_path must follow.
  const db = testPgPool(2)

  const openSchema = async (schema: string) => {
    const driver = new PgDriver(db.pool, schema)
    await driver.exclusive((held) => held.exec('CREATE TABLE IF NOT EXISTS t (n BIGINT, b BYTEA, s TEXT)'))
    return driver
  }

  it('reads BIGINT as a number and BYTEA as bytes, with ? placeholders', async () => {
    const driver = await openSchema('types')
    const bytes = new Uint8Array([0, 1, 254, 255])
    await driver.run('INSERT INTO t (n, b, s) VALUES (?, ?, ?)', [1_700_000_000_123, bytes, 'a?'])
    const row = await driver.get<{ n: number; b: Uint8Array; s: string; c: number }>(
      'SELECT n, b, s, COUNT(*) OVER () AS c FROM t WHERE s = ?',
      ['a?'],
    )
    expect(row).toEqual({ n: 1_700_000_000_123, b: expect.any(Uint8Array), s: 'a?', c: 1 })
    expect([...row!.b]).toEqual([...bytes])
    expect(await driver.get('SELECT n FROM t WHERE s = ?', ['none'])).toBeUndefined()
    expect(await driver.run('UPDATE t SET n = n + 1')).toEqual({ changes: 1 })
  })

  it('keeps each schema’s tables apart over shared connections', async () => {
    const a = await openSchema('person_a')
    const b = await openSchema('person_b')
    for (let i = 0; i < 10; i++) {
      await Promise.all([
        a.run('INSERT INTO t (n, s) VALUES (?, ?)', [i, 'a']),
        b.run('INSERT INTO t (n, s) VALUES (?, ?)', [i, 'b']),
      ])
    }
    expect(await a.all('SELECT DISTINCT s FROM t')).toEqual([{ s: 'a' }])
    expect(await b.all('SELECT DISTINCT s FROM t')).toEqual([{ s: 'b' }])
    expect((await a.get<{ n: number }>('SELECT COUNT(*) AS n FROM t'))?.n).toBe(10)
  })

  it('runs a batch as one transaction: a failing statement undoes the ones before it', async () => {
    const driver = await openSchema('batches')
    await expect(
      driver.batch([
        { sql: 'INSERT INTO t (n) VALUES (?)', params: [1] },
        { sql: 'INSERT INTO t (n) VALUES (?)', params: ['not a number'] },
      ]),
    ).rejects.toThrow(/invalid input syntax/)
    expect(await driver.all('SELECT n FROM t')).toEqual([])
    await driver.batch([
      { sql: 'INSERT INTO t (n) VALUES (?)', params: [1] },
      { sql: 'INSERT INTO t (n) VALUES (?)', params: [2] },
    ])
    expect(await driver.all('SELECT n FROM t ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }])
  })

  it('ends a failed multi-statement exec’s transaction before the connection is reused', async () => {
    const driver = await openSchema('execs')
    await expect(driver.exec('BEGIN; INSERT INTO t (n) VALUES (1); SELECT nope; COMMIT;')).rejects.toThrow()
    // Were the transaction left open, these would fail ("current transaction is aborted").
    await driver.exec('INSERT INTO t (n) VALUES (2); INSERT INTO t (n) VALUES (3)')
    expect(await driver.all('SELECT n FROM t ORDER BY n')).toEqual([{ n: 2 }, { n: 3 }])
  })

  it('refuses a schema name it would have to quote, and calls after close', async () => {
    expect(() => new PgDriver(db.pool, 'u_1; DROP TABLE t')).toThrow(/Not a schema name/)
    const driver = await openSchema('closing')
    await driver.close()
    await expect(driver.all('SELECT 1')).rejects.toThrow(/closed/)
  })
})

describe('PgDriver over a connection another module gave back inside a transaction', () => {
  const db = testPgPool(1)

  // Were the connection kept, "b"'s SET search_path would join the stray transaction, the failed
  // batch's ROLLBACK would undo it, and "b" would then read "a"'s table while believing it set.
  it('closes that connection rather than let a rollback put it back in another schema', async () => {
    const a = new PgDriver(db.pool, 'stray_a')
    const b = new PgDriver(db.pool, 'stray_b')
    for (const [driver, owner] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await driver.exclusive((held) => held.exec('CREATE TABLE t (owner TEXT)'))
      await driver.run('INSERT INTO t (owner) VALUES (?)', [owner])
    }
    expect(await a.all('SELECT owner FROM t')).toEqual([{ owner: 'a' }])
    const careless = await db.pool.connect()
    await careless.query('BEGIN')
    careless.release()
    expect(await b.all('SELECT owner FROM t')).toEqual([{ owner: 'b' }])
    await expect(b.batch([{ sql: 'SELECT nope' }])).rejects.toThrow()
    expect(await b.all('SELECT owner FROM t')).toEqual([{ owner: 'b' }])
  })
})
