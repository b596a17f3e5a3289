/** The person's settings: one JSON value. A sub-port of Store (see Store.ts). */
export interface SettingsStore {
  /** The person's settings as last saved (JSON), or undefined when none were. */
  getSettings(): Promise<unknown>
  /** Replaces the saved settings. */
  putSettings(value: unknown): Promise<void>
}
