import { ClusterBus } from '../cluster/ClusterBus'
import type { Databases } from '../sql/openDatabases'
import { BossClaims } from './BossClaims'
import type { JobServiceOptions } from './JobService'

/**
 * The job service's options for several instances on one PostgreSQL (DATABASE_URL): claims through
 * pg-boss over the process's pool, heartbeats every third of JOB_LEASE_S, and the cluster bus for
 * events and cancels; undefined on SQLite, where LocalClaims serve one process. `close` ends the bus
 * after the job service stopped.
 */
export async function clusterJobs(
  config: { jobLeaseMs?: number },
  databases: Pick<Databases, 'server' | 'pool'>,
  log: { logError(error: unknown): void; line?(line: string): void },
): Promise<{ options: JobServiceOptions; close(): Promise<void> } | undefined> {
  const pool = databases.pool
  if (!pool) return undefined
  // A bus of its own (one more listening connection): the job service exists before the spaces
  // that the cluster's other bus (joinCluster) serves.
  const bus = await ClusterBus.open({
    connection: { ...pool.options, application_name: 'quire-jobs-bus' },
    onError: log.logError,
  })
  return {
    options: {
      // Other instances' new jobs wake this one over the bus; the poll only covers lost messages.
      pollMs: 1000,
      claims: (records) =>
        new BossClaims(records, {
          pool,
          driver: databases.server,
          bus,
          leaseMs: config.jobLeaseMs ?? 30_000,
          logError: log.logError,
          line: log.line,
        }),
    },
    close: () => bus.close(),
  }
}
