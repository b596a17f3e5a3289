import type { ReplayCase } from './ReplayCase'

/** Requests BrainDrive's clients make to the pluginState endpoints (see ReplayCase). */
export const pluginStateReplay: ReplayCase[] = []
