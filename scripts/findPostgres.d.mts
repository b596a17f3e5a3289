/** The folder holding PostgreSQL's initdb, pg_ctl and postgres, or undefined when none is installed. */
export function findPostgres(): string | undefined
/** What to do when findPostgres finds nothing. */
export const POSTGRES_HOW_TO: string
