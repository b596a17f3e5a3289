import type { TestProject } from 'vitest/node'
import { startTestPostgres } from './startTestPostgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL's superuser URL; empty when it could not start (see postgresError). */
    postgresUrl: string
    postgresError: string
  }
}

/**
 * One throwaway PostgreSQL for the whole test run (vitest `globalSetup`); each test file makes its
 * own databases in it (`createTestDatabase`). When it cannot start, every other test still runs and
 * each PostgreSQL test fails with the reason and how to install it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const postgres = await startTestPostgres()
    project.provide('postgresUrl', postgres.url)
    project.provide('postgresError', '')
    return () => postgres.stop()
  } catch (error) {
    project.provide('postgresUrl', '')
    project.provide('postgresError', error instanceof Error ? error.message : String(error))
    return async () => {}
  }
}
