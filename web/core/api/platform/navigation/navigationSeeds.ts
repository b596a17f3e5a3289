import type { SeedRecord } from '../seed/SeedRecord'

/** TODO(issue 15): the records BrainDrive seeds for a new user, with fixed ids. */
export const navigationSeeds: readonly SeedRecord[] = []
