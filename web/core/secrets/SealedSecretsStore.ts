import type { Store } from '../store/Store'
import type { RecordWrite, StoredRecord } from '../store/StoredRecord'
import type { SecretBox } from './SecretBox'
import { mapSecretsAsync, secretsIn } from './secretFields'

/**
 * A store whose API keys are sealed at rest: every key (see secretFields) in the settings and in
 * any record's data is sealed by the host's SecretBox on the way in and opened on the way out, so
 * the database (and its WAL) never holds one in clear while everything above this store sees keys as
 * they were written. Everything else passes through untouched.
 *
 * How it fails: a stored key that cannot be opened (the server's secret key was replaced, or the
 * bytes were altered) reads as no key, logged, rather than failing every read of the settings: the
 * person enters the key again. A key stored in clear by a version before sealing reads as it is
 * until `sealExisting` seals it (the server calls it when it opens a person's data).
 */
export class SealedSecretsStore implements Store {
  constructor(
    private readonly inner: Store,
    private readonly box: SecretBox,
    private readonly logError: (error: unknown) => void = console.error,
  ) {}

  private seal(value: unknown): Promise<unknown> {
    return mapSecretsAsync(value, async (key) =>
      key === '' || this.box.isSealed(key) ? key : this.box.seal(key),
    )
  }

  private open(value: unknown): Promise<unknown> {
    return mapSecretsAsync(value, async (key) => {
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
    })
  }

  private async openRecord(record: StoredRecord | undefined): Promise<StoredRecord | undefined> {
    if (!record) return record
    const data = await this.open(record.data)
    return data === record.data ? record : { ...record, data: data as Record<string, unknown> }
  }

  async getSettings() {
    return this.open(await this.inner.getSettings())
  }

  async putSettings(value: unknown) {
    await this.inner.putSettings(await this.seal(value))
  }

  async getRecord(kind: string, id: string) {
    return this.openRecord(await this.inner.getRecord(kind, id))
  }

  async listRecords(kind: string, filter?: { parentId?: string }) {
    const records = await this.inner.listRecords(kind, filter)
    return Promise.all(records.map(async (record) => (await this.openRecord(record)) as StoredRecord))
  }

  async writeRecords(writes: readonly RecordWrite[]) {
    const sealed = await Promise.all(
      writes.map(async (write) =>
        'put' in write
          ? { put: { ...write.put, data: (await this.seal(write.put.data)) as Record<string, unknown> } }
          : write,
      ),
    )
    await this.inner.writeRecords(sealed)
  }

  /**
   * Seals the keys a version before sealing stored in clear, in the settings and in the records of
   * `kinds`; writes only what holds one. Resolves how many settings and records it sealed.
   */
  async sealExisting(kinds: readonly string[]): Promise<number> {
    const inClear = (value: unknown) => secretsIn(value).some((key) => key !== '' && !this.box.isSealed(key))
    let sealed = 0
    const settings = await this.inner.getSettings()
    if (inClear(settings)) {
      await this.putSettings(settings)
      sealed++
    }
    for (const kind of kinds) {
      const records = (await this.inner.listRecords(kind)).filter((record) => inClear(record.data))
      if (records.length === 0) continue
      await this.writeRecords(records.map((put) => ({ put })))
      sealed += records.length
    }
    return sealed
  }

  // Everything else is no key's business.
  createCollection(...args: Parameters<Store['createCollection']>) {
    return this.inner.createCollection(...args)
  }
  listCollections() {
    return this.inner.listCollections()
  }
  getCollection(id: string) {
    return this.inner.getCollection(id)
  }
  updateCollection(...args: Parameters<Store['updateCollection']>) {
    return this.inner.updateCollection(...args)
  }
  deleteCollection(id: string) {
    return this.inner.deleteCollection(id)
  }
  createDocument(...args: Parameters<Store['createDocument']>) {
    return this.inner.createDocument(...args)
  }
  getDocument(id: string) {
    return this.inner.getDocument(id)
  }
  listDocuments(...args: Parameters<Store['listDocuments']>) {
    return this.inner.listDocuments(...args)
  }
  updateDocument(...args: Parameters<Store['updateDocument']>) {
    return this.inner.updateDocument(...args)
  }
  deleteDocument(id: string) {
    return this.inner.deleteDocument(id)
  }
  replaceChunks(...args: Parameters<Store['replaceChunks']>) {
    return this.inner.replaceChunks(...args)
  }
  listChunks(...args: Parameters<Store['listChunks']>) {
    return this.inner.listChunks(...args)
  }
  getChunks(ids: readonly string[]) {
    return this.inner.getChunks(ids)
  }
  chunkVectors(ids: readonly string[]) {
    return this.inner.chunkVectors(ids)
  }
  createSession(...args: Parameters<Store['createSession']>) {
    return this.inner.createSession(...args)
  }
  listSessions() {
    return this.inner.listSessions()
  }
  getSession(id: string) {
    return this.inner.getSession(id)
  }
  updateSession(...args: Parameters<Store['updateSession']>) {
    return this.inner.updateSession(...args)
  }
  deleteSession(id: string) {
    return this.inner.deleteSession(id)
  }
  addMessage(...args: Parameters<Store['addMessage']>) {
    return this.inner.addMessage(...args)
  }
  listMessages(...args: Parameters<Store['listMessages']>) {
    return this.inner.listMessages(...args)
  }
  createEvaluationRun(...args: Parameters<Store['createEvaluationRun']>) {
    return this.inner.createEvaluationRun(...args)
  }
  getEvaluationRun(id: string) {
    return this.inner.getEvaluationRun(id)
  }
  listEvaluationRuns(...args: Parameters<Store['listEvaluationRuns']>) {
    return this.inner.listEvaluationRuns(...args)
  }
  updateEvaluationRun(...args: Parameters<Store['updateEvaluationRun']>) {
    return this.inner.updateEvaluationRun(...args)
  }
  appendEvaluationResults(...args: Parameters<Store['appendEvaluationResults']>) {
    return this.inner.appendEvaluationResults(...args)
  }
  saveEvaluationState(...args: Parameters<Store['saveEvaluationState']>) {
    return this.inner.saveEvaluationState(...args)
  }
  getEvaluationState(runId: string) {
    return this.inner.getEvaluationState(runId)
  }
  close() {
    return this.inner.close()
  }
}
