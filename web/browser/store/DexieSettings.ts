import type { SettingsStore } from '../../core/store/SettingsStore'
import type { QuireDatabase } from './QuireDatabase'

/** The person's settings over Dexie: one row of the `settings` table. */
export class DexieSettings implements SettingsStore {
  constructor(private readonly db: QuireDatabase) {}

  async getSettings(): Promise<unknown> {
    return (await this.db.settings.get('settings'))?.value
  }

  async putSettings(value: unknown): Promise<void> {
    // Through JSON, as the SQL store keeps it: both give back exactly what JSON can carry.
    await this.db.settings.put({ key: 'settings', value: JSON.parse(JSON.stringify(value)) as unknown })
  }
}
