import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { seedProfile } from '../../core/api/platform/seed/seedProfile'
import { settingDefinitionKind } from '../../core/records/kinds/settingDefinitionKind'
import { settingInstanceKind } from '../../core/records/kinds/settingInstanceKind'
import { settingSeeds } from '../../core/api/platform/settings/settingSeeds'
import { settingValueProblem, type ValueRules } from '../../core/api/platform/settings/settingValueProblem'

let databases = 0
function freshStore(): DexieStore {
  return new DexieStore(
    new QuireDatabase(`setting-seeds-${++databases}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
  )
}

describe('the settings a new profile starts with', () => {
  it('are written at start: the definitions BrainDrive’s clients expect, each with the user’s value', async () => {
    const store = freshStore()
    expect(await seedProfile(store, 'user-1', settingSeeds)).toBe(settingSeeds.length)
    const definitions = await store.records.listRecords(settingDefinitionKind.kind)
    expect(definitions.map((d) => d.id)).toEqual(
      expect.arrayContaining(['theme_settings', 'general_settings', 'ollama_servers_settings']),
    )
    for (const definition of definitions) {
      expect(settingDefinitionKind.fields.safeParse(definition.data).success, definition.id).toBe(true)
      const [instance, ...more] = await store.records.listRecords(settingInstanceKind.kind, {
        parentId: definition.id,
      })
      expect(more, definition.id).toEqual([])
      expect(instance?.data).toMatchObject({ definition_id: definition.id, scope: 'user', user_id: 'user-1' })
      expect(settingInstanceKind.fields.safeParse(instance!.data).success, definition.id).toBe(true)
      // A seeded value is one its definition accepts, so the person can save it back unchanged.
      expect(settingValueProblem(definition.data as unknown as ValueRules, instance!.data.value)).toBeNull()
    }
  })

  it('are written once: a seed the person deleted stays deleted', async () => {
    const store = freshStore()
    await seedProfile(store, 'user-1', settingSeeds)
    const theme = (
      await store.records.listRecords(settingInstanceKind.kind, { parentId: 'theme_settings' })
    )[0]!
    await store.records.writeRecords([{ delete: { kind: settingInstanceKind.kind, id: theme.id } }])
    expect(await seedProfile(store, 'user-1', settingSeeds)).toBe(0)
    expect(await store.records.getRecord(settingInstanceKind.kind, theme.id)).toBeUndefined()
    expect(await store.records.getRecord(settingDefinitionKind.kind, 'theme_settings')).toBeDefined()
  })

  it('have fixed, distinct ids (UUID v4 for the values), so every host writes the same records', () => {
    const ids = settingSeeds.map((seed) => `${seed.kind.kind}:${seed.id}`)
    expect(new Set(ids).size).toBe(ids.length)
    for (const seed of settingSeeds.filter((s) => s.kind === settingInstanceKind))
      expect(seed.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})
