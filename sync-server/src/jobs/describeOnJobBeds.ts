import { afterEach, beforeEach, describe, expect } from 'vitest'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import { jobTestBed } from './jobTestBed'

/**
 * Describes `title` once per SQL dialect (SQLite, PostgreSQL), every test on a fresh job test bed, which
 * is cleaned up after it and must have logged no error. `bed()` is the running test's.
 */
export function describeOnJobBeds(
  title: string,
  body: (bed: () => ReturnType<typeof jobTestBed>) => void,
): void {
  for (const dialect of testSqlDialects()) {
    describe(`${title} (${dialect.name})`, () => {
      let bed: ReturnType<typeof jobTestBed>
      beforeEach(async () => {
        bed = jobTestBed(await dialect.fresh())
      })
      afterEach(async () => {
        await bed.cleanup()
        expect(bed.errors).toEqual([])
      })
      body(() => bed)
    })
  }
}
