import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the components endpoints (see ReplayCase). */
export const componentsReplay: ReplayCase[] = []
