/** When every seeded record was made: fixed, so that every host's copy of a seed is the same record. */
export const SEED_TIME = '2025-01-01T00:00:00.000Z'
