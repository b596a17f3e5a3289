import { describe, it } from 'vitest'
import { runConformanceCase } from '../../../web/core/testing/conformance/store/runConformanceCase'
import { storeConformance } from '../../../web/core/testing/conformance/store/storeConformance'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import { openSqlStore } from './openSqlStore'

for (const dialect of testSqlDialects()) {
  describe(`SqlStore (${dialect.name}) conformance`, () => {
    for (const [port, cases] of Object.entries(storeConformance)) {
      describe(port, () => {
        for (const testCase of cases) {
          it(testCase.name, async () => {
            const database = await dialect.fresh()
            await runConformanceCase(testCase, () => openSqlStore(database.connect()))
          })
        }
      })
    }
  })
}
