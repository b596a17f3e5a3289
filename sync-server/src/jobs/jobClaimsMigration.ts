import type { Migration } from '../sql/migrations'

/**
 * Jobs run by several instances over one database (PostgreSQL). `claimed_by` is the instance running
 * a `running` job; `job_instances` holds each instance's heartbeat (milliseconds since the epoch, by
 * the database's clock, so instances' clocks need not agree). A running job whose instance stopped
 * beating is taken over (see JobLeases). SQLite's single process records its claims too, unused.
 */
export const jobClaimsMigration: Migration = {
  version: 3,
  name: 'job claims',
  sql: `
    ALTER TABLE jobs ADD COLUMN claimed_by TEXT;
    CREATE TABLE job_instances (
      id TEXT PRIMARY KEY,
      heartbeat_at INTEGER NOT NULL
    );
  `,
}
