import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the personas endpoints (see ReplayCase). */
export const personasReplay: ReplayCase[] = []
