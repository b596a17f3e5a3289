import type { Store } from '../../../store/Store'
import type { HostCase } from '../../HostCase'
import type { StoreConformanceContext } from './StoreConformanceContext'

/**
 * Runs one conformance case over stores that `open` creates on the same underlying database, and
 * closes whichever store is current at the end, pass or fail. Every adapter's runner uses it.
 */
export async function runConformanceCase(
  testCase: HostCase<StoreConformanceContext>,
  open: () => Store | Promise<Store>,
): Promise<void> {
  let current = await open()
  try {
    await testCase.run({
      store: current,
      async reopen() {
        await current.close()
        current = await open()
        return current
      },
    })
  } finally {
    await current.close()
  }
}
