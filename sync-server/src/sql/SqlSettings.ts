import type { SettingsStore } from '../../../web/core/store/SettingsStore'
import type { SqlDriver } from './SqlDriver'

/** The person's settings over SQL: one JSON row of the `settings` table. */
export class SqlSettings implements SettingsStore {
  constructor(private readonly driver: SqlDriver) {}

  async getSettings(): Promise<unknown> {
    const row = await this.driver.get<{ value: string }>("SELECT value FROM settings WHERE key = 'settings'")
    return row ? (JSON.parse(row.value) as unknown) : undefined
  }

  async putSettings(value: unknown): Promise<void> {
    await this.driver.run(
      "INSERT INTO settings (key, value) VALUES ('settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [JSON.stringify(value)],
    )
  }
}
