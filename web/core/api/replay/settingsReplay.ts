import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the settings endpoints (see ReplayCase). */
export const settingsReplay: ReplayCase[] = []
