import { checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import type { StoreConformanceContext } from './StoreConformanceContext'

/** What every Store adapter must do with the settings record. */
export const settingsConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'keeps the settings record across reopening, replacing it on every put',
    async run({ store, reopen }) {
      checkEqual(await store.settings.getSettings(), undefined, 'nothing saved at first')
      await store.settings.putSettings({ generator: { kind: 'ollama', base_url: 'http://x', model: 'm' } })
      const value = { embedder: { id: 'hash-v1' }, generator: { kind: 'extractive' }, note: 'ünï' }
      await store.settings.putSettings(value)
      const reopened = await reopen()
      checkEqual(await reopened.settings.getSettings(), value, 'the last value, after reopening')
    },
  },
]
