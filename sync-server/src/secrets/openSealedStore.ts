import { keySettingsInOneForm } from '../../../web/core/secrets/keySettingsInOneForm'
import { SealedSecretsStore } from '../../../web/core/secrets/SealedSecretsStore'
import { isPlainObject } from '../../../web/core/secrets/secretFields'
import type { Store } from '../../../web/core/store/Store'
import { SYNCED_RECORD_KINDS } from '../../../web/core/sync/appData/syncKinds'
import { openSqlStore } from '../sql/openSqlStore'
import type { SqlDriver } from '../sql/SqlDriver'
import { aesGcmSecretBox } from './aesGcmSecretBox'

export interface SealedStoreOptions {
  /** The server's 32-byte sealing key (loadSecretKey). */
  key: Buffer
  /** Whose data this is: bound to every sealed key, so it opens in this person's database only. */
  userId: string
  /** GENERATOR_API_KEY, to take out of settings an older version stored it in. */
  operatorKey?: string
  logError: (error: unknown) => void
}

/**
 * A person's SQL store with their API keys sealed at rest (SealedSecretsStore over AES-256-GCM).
 * Opening also repairs what older versions left: the operator's key copied into the person's
 * settings is removed (it is the server's, never theirs), key settings saved as bare keys are put
 * in their one form (keySettingsInOneForm), and keys stored in clear are sealed.
 */
export async function openSealedStore(at: string | SqlDriver, options: SealedStoreOptions): Promise<Store> {
  const store = new SealedSecretsStore(
    await openSqlStore(at),
    aesGcmSecretBox(options.key, options.userId),
    options.logError,
  )
  try {
    if (options.operatorKey) await forgetOperatorKey(store, options.operatorKey)
    // Before sealing: a key setting saved as a bare key is a key only once it is in its one form.
    await keySettingsInOneForm(store)
    await store.sealExisting(SYNCED_RECORD_KINDS)
  } catch (error) {
    await store.close()
    throw error
  }
  return store
}

async function forgetOperatorKey(store: Store, operatorKey: string): Promise<void> {
  const settings = await store.settings.getSettings()
  if (!isPlainObject(settings) || !isPlainObject(settings.generator)) return
  const { api_key, ...generator } = settings.generator
  if (api_key === operatorKey) await store.settings.putSettings({ ...settings, generator })
}
