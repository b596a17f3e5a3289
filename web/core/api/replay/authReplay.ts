import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the auth endpoints (see ReplayCase). */
export const authReplay: ReplayCase[] = []
