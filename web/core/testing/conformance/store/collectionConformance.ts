import type { Collection } from '../../../store/Collection'
import { check, checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import { newCollection } from './fixtures'
import type { StoreConformanceContext } from './StoreConformanceContext'

/** What every Store adapter must do with collections. */
export const collectionConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'creates a collection with document_count and processed_count 0 and reads it back',
    async run({ store }) {
      const input = newCollection({ color: '#A1B2C3' })
      const created = await store.collections.createCollection(input)
      checkEqual(created, { ...input, document_count: 0, processed_count: 0 }, 'created collection')
      checkEqual(await store.collections.getCollection(input.id), created, 'collection read back')
    },
  },
  {
    name: 'answers undefined for an unknown id',
    async run({ store }) {
      checkEqual(
        await store.collections.getCollection('00000000-0000-4000-8000-ffffffffffff'),
        undefined,
        'unknown id',
      )
      checkEqual(await store.collections.getCollection('not-a-uuid'), undefined, 'malformed id')
    },
  },
  {
    name: 'lists collections newest first, ties in insertion order reversed',
    async run({ store }) {
      checkEqual(await store.collections.listCollections(), [], 'empty store')
      const older = newCollection()
      const newer = newCollection()
      const sameTimeA = newCollection({ created_at: newer.created_at })
      await store.collections.createCollection(older)
      await store.collections.createCollection(newer)
      await store.collections.createCollection(sameTimeA)
      const ids = (await store.collections.listCollections()).map((c) => c.id)
      checkEqual(ids, [sameTimeA.id, newer.id, older.id], 'list order')
    },
  },
  {
    name: 'updates only the fields in the patch',
    async run({ store }) {
      const input = newCollection({ color: '#000000' })
      await store.collections.createCollection(input)
      const later = '2027-01-01T00:00:00.000Z'
      const renamed = await store.collections.updateCollection(input.id, {
        name: 'Renamed',
        updated_at: later,
      })
      checkEqual(
        renamed,
        { ...input, name: 'Renamed', updated_at: later, document_count: 0, processed_count: 0 },
        'after rename',
      )
      const cleared = await store.collections.updateCollection(input.id, { color: null, updated_at: later })
      checkEqual(cleared?.color, null, 'colour cleared by null')
      checkEqual(cleared?.description, input.description, 'description untouched')
      checkEqual(await store.collections.getCollection(input.id), cleared, 'update persisted')
    },
  },
  {
    name: 'answers undefined when updating an unknown collection, and creates nothing',
    async run({ store }) {
      const result = await store.collections.updateCollection('00000000-0000-4000-8000-eeeeeeeeeeee', {
        name: 'x',
        updated_at: new Date().toISOString(),
      })
      checkEqual(result, undefined, 'update of unknown id')
      checkEqual(await store.collections.listCollections(), [], 'nothing created')
    },
  },
  {
    name: 'deletes a collection once',
    async run({ store }) {
      const keep = newCollection()
      const drop = newCollection()
      await store.collections.createCollection(keep)
      await store.collections.createCollection(drop)
      checkEqual(await store.collections.deleteCollection(drop.id), true, 'first delete')
      checkEqual(await store.collections.deleteCollection(drop.id), false, 'second delete')
      checkEqual(await store.collections.getCollection(drop.id), undefined, 'deleted collection')
      checkEqual(
        (await store.collections.listCollections()).map((c) => c.id),
        [keep.id],
        'remaining collections',
      )
    },
  },
  {
    name: 'refuses a second collection with the same id and keeps the first',
    async run({ store }) {
      const input = newCollection()
      await store.collections.createCollection(input)
      let failed = false
      try {
        await store.collections.createCollection({ ...input, name: 'Impostor' })
      } catch {
        failed = true
      }
      check(failed, 'a duplicate id must be rejected')
      checkEqual((await store.collections.getCollection(input.id))?.name, input.name, 'original kept')
    },
  },
  {
    name: 'round-trips any text exactly',
    async run({ store }) {
      const text =
        'Ünïcödé 📚 — "quotes", \'apostrophes\', back\\slash, <tags> & NUL-free\nnew line\t tab 中文 עברית'
      const input = newCollection({ name: text, description: text.repeat(50) })
      await store.collections.createCollection(input)
      const read = await store.collections.getCollection(input.id)
      checkEqual(read?.name, text, 'name')
      checkEqual(read?.description, text.repeat(50), 'description')
    },
  },
  {
    name: 'keeps every one of many concurrent writes',
    async run({ store }) {
      const inputs = Array.from({ length: 25 }, () => newCollection())
      await Promise.all(inputs.map((input) => store.collections.createCollection(input)))
      const listed = new Set((await store.collections.listCollections()).map((c: Collection) => c.id))
      checkEqual(listed.size, inputs.length, 'listed count')
      check(
        inputs.every((input) => listed.has(input.id)),
        'every concurrent write is listed',
      )
    },
  },
  {
    name: 'persists across close and reopen',
    async run({ store, reopen }) {
      const input = newCollection({ color: '#123456' })
      await store.collections.createCollection(input)
      await store.collections.updateCollection(input.id, {
        description: 'Changed',
        updated_at: input.updated_at,
      })
      const reopened = await reopen()
      checkEqual(
        await reopened.collections.getCollection(input.id),
        { ...input, description: 'Changed', document_count: 0, processed_count: 0 },
        'collection after reopen',
      )
    },
  },
]
