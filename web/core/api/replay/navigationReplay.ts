import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the navigation endpoints (see ReplayCase). */
export const navigationReplay: ReplayCase[] = []
