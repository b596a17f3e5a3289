import type { Migration } from '../sql/migrations'

/**
 * Personal access tokens get a scope: `full` (what every token could do before, so tokens made
 * earlier keep working as they did) or `read` (safe GET and HEAD requests only).
 */
export const tokenScopeMigration: Migration = {
  version: 5,
  name: 'personal token scope',
  sql: "ALTER TABLE personal_access_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'full';",
}
