import type { Migration } from '../sql/migrations'

/**
 * The jobs tables of the central server database. `user_id` has no foreign key: users belong to the
 * accounts module. Events and logs are numbered per job (`seq`) and go with their job.
 * `jobs_due` serves "the next due pending job": status, then highest priority, then oldest (seq).
 */
export const jobsMigration: Migration = {
  version: 2,
  name: 'jobs',
  sql: `
    CREATE TABLE jobs (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL,
      job_type TEXT NOT NULL,
      status TEXT NOT NULL,
      priority INTEGER NOT NULL DEFAULT 0,
      payload TEXT NOT NULL DEFAULT '{}',
      result TEXT,
      error TEXT,
      progress_percent INTEGER NOT NULL DEFAULT 0,
      idempotency_key TEXT,
      scheduled_for TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      cancel_requested INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      started_at TEXT,
      completed_at TEXT,
      updated_at TEXT NOT NULL,
      UNIQUE (user_id, idempotency_key)
    );
    CREATE INDEX jobs_due ON jobs (status, priority DESC, seq);
    CREATE INDEX jobs_user_created ON jobs (user_id, created_at, seq);
    CREATE TABLE job_events (
      job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      type TEXT NOT NULL,
      data TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL,
      PRIMARY KEY (job_id, seq)
    );
    CREATE TABLE job_logs (
      job_id TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      level TEXT NOT NULL,
      message TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (job_id, seq)
    );
  `,
}
