import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the pages endpoints (see ReplayCase). */
export const pagesReplay: ReplayCase[] = []
