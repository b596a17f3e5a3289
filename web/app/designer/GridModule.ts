import type { SizeBounds } from './layoutLimits'

/** A module on the grid, as the card shows it. */
export interface GridModule {
  i: string
  label: string
  /** Where it comes from: the plugin's name, or Quire for a built-in. */
  source: string
  description: string
  icon: string | undefined
  /** Its settings as the card shows them (`moduleSummary`). */
  summary: string[]
  bounds: SizeBounds
}
