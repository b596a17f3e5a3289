import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the extraction endpoints (see ReplayCase). */
export const extractionReplay: ReplayCase[] = []
