import type { ChatStore } from '../store/ChatStore'
import type { ChunkStore } from '../store/ChunkStore'
import type { CollectionStore } from '../store/CollectionStore'
import type { DocumentStore } from '../store/DocumentStore'
import type { EvaluationStore } from '../store/EvaluationStore'
import type { RecordStore } from '../store/RecordStore'
import type { SettingsStore } from '../store/SettingsStore'
import type { Store } from '../store/Store'
import type { StoredRecord } from '../store/StoredRecord'
import type { SecretBox } from './SecretBox'
import {
  mapSecretsAsync,
  secretNamesOf,
  secretsIn,
  SETTING_SECRET_NAMES,
  type SecretNames,
} from './secretFields'

/**
 * A store whose secrets are sealed at rest: every secret (see secretFields: in the settings and
 * setting instances any secret-looking name, in other records API keys) is sealed by the host's
 * SecretBox on the way in and opened on the way out, so the database (and its WAL) never holds one
 * in clear while everything above this store sees them as they were written. Only the settings and records sub-ports are its own; the others are the inner
 * store's, handed on as they are.
 *
 * How it fails: a stored key that cannot be opened (the server's secret key was replaced, or the
 * bytes were altered) reads as no key, logged, rather than failing every read of the settings: the
 * person enters the key again. A key stored in clear by a version before sealing reads as it is
 * until `sealExisting` seals it (the server calls it when it opens a person's data).
 */
export class SealedSecretsStore implements Store {
  // Everything else is no key's business.
  readonly collections: CollectionStore
  readonly documents: DocumentStore
  readonly chunks: ChunkStore
  readonly chat: ChatStore
  readonly evaluation: EvaluationStore
  readonly settings: SettingsStore
  readonly records: RecordStore

  constructor(
    private readonly inner: Store,
    private readonly box: SecretBox,
    private readonly logError: (error: unknown) => void = console.error,
  ) {
    this.collections = inner.collections
    this.documents = inner.documents
    this.chunks = inner.chunks
    this.chat = inner.chat
    this.evaluation = inner.evaluation
    this.settings = {
      getSettings: async () => this.open(await inner.settings.getSettings(), SETTING_SECRET_NAMES),
      putSettings: async (value) => inner.settings.putSettings(await this.seal(value, SETTING_SECRET_NAMES)),
    }
    this.records = {
      getRecord: async (kind, id) => this.openRecord(await inner.records.getRecord(kind, id)),
      listRecords: async (kind, filter) => {
        const records = await inner.records.listRecords(kind, filter)
        return Promise.all(records.map(async (record) => (await this.openRecord(record)) as StoredRecord))
      },
      writeRecords: async (writes) => {
        const sealed = await Promise.all(
          writes.map(async (write) => ('put' in write ? { put: await this.sealRecord(write.put) } : write)),
        )
        await inner.records.writeRecords(sealed)
      },
    }
  }

  private seal(value: unknown, names: SecretNames): Promise<unknown> {
    return mapSecretsAsync(
      value,
      async (key) => (key === '' || this.box.isSealed(key) ? key : this.box.seal(key)),
      names,
    )
  }

  private open(value: unknown, names: SecretNames): Promise<unknown> {
    return mapSecretsAsync(
      value,
      async (key) => {
        if (!this.box.isSealed(key)) return key
        try {
          return await this.box.open(key)
        } catch (error) {
          this.logError(
            new Error(
              'A stored API key could not be opened (was QUIRE_SECRET_KEY changed?); it reads as unset',
              { cause: error },
            ),
          )
          return undefined
        }
      },
      names,
    )
  }

  private async sealRecord(record: StoredRecord): Promise<StoredRecord> {
    const data = await this.seal(record.data, secretNamesOf(record.kind))
    return { ...record, data: data as Record<string, unknown> }
  }

  private async openRecord(record: StoredRecord | undefined): Promise<StoredRecord | undefined> {
    if (!record) return record
    const data = await this.open(record.data, secretNamesOf(record.kind))
    return data === record.data ? record : { ...record, data: data as Record<string, unknown> }
  }

  /**
   * Seals the keys a version before sealing stored in clear, in the settings and in the records of
   * `kinds`; writes only what holds one. Resolves how many settings and records it sealed.
   */
  async sealExisting(kinds: readonly string[]): Promise<number> {
    const inClear = (value: unknown, names: SecretNames) =>
      secretsIn(value, names).some((key) => key !== '' && !this.box.isSealed(key))
    let sealed = 0
    const settings = await this.inner.settings.getSettings()
    if (inClear(settings, SETTING_SECRET_NAMES)) {
      await this.settings.putSettings(settings)
      sealed++
    }
    for (const kind of kinds) {
      const names = secretNamesOf(kind)
      const records = (await this.inner.records.listRecords(kind)).filter((record) =>
        inClear(record.data, names),
      )
      if (records.length === 0) continue
      await this.records.writeRecords(records.map((put) => ({ put })))
      sealed += records.length
    }
    return sealed
  }

  close() {
    return this.inner.close()
  }
}
