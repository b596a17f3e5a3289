import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the conversations endpoints (see ReplayCase). */
export const conversationsReplay: ReplayCase[] = []
