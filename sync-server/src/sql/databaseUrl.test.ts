import { expect, it } from 'vitest'
import { configFromEnv } from '../config'
import { databaseUrl } from './databaseUrl'

it('takes postgres:// and postgresql:// URLs, keeps SQLite when unset, and refuses anything else', () => {
  expect(databaseUrl({})).toBeUndefined()
  expect(databaseUrl({ DATABASE_URL: ' ' })).toBeUndefined()
  expect(databaseUrl({ DATABASE_URL: 'postgres://quire:secret@db:5432/quire' })).toBe(
    'postgres://quire:secret@db:5432/quire',
  )
  expect(databaseUrl({ DATABASE_URL: 'postgresql://db/quire?sslmode=require' })).toBe(
    'postgresql://db/quire?sslmode=require',
  )
  expect(() => databaseUrl({ DATABASE_URL: 'mysql://root:hunter2@db/quire' })).toThrow(
    /DATABASE_URL must be a PostgreSQL URL .*, not mysql:; leave it unset/,
  )
  // The password is never repeated in the error.
  expect(() => databaseUrl({ DATABASE_URL: 'mysql://root:hunter2@db/quire' })).not.toThrow(/hunter2/)
  expect(() => databaseUrl({ DATABASE_URL: 'data/quire.db' })).toThrow(/must be a PostgreSQL URL/)
  expect(configFromEnv({ DATABASE_URL: 'postgres://db/quire' }).databaseUrl).toBe('postgres://db/quire')
  expect(() => configFromEnv({ DATABASE_URL: 'sqlite:./x.db' })).toThrow(/DATABASE_URL/)
})
