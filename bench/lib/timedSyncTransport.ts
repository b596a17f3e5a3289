import type { SyncTransport } from '../../web/core/sync/SyncClient'

/** A transport that adds the time spent in each push and pull request to `spent`. */
export function timedSyncTransport(
  inner: SyncTransport,
  spent: { push: number; pull: number },
): SyncTransport {
  return {
    async push(clientId, mutations) {
      const start = performance.now()
      try {
        return await inner.push(clientId, mutations)
      } finally {
        spent.push += performance.now() - start
      }
    },
    async pull(after, limit, resync) {
      const start = performance.now()
      try {
        return await inner.pull(after, limit, resync)
      } finally {
        spent.pull += performance.now() - start
      }
    },
  }
}
