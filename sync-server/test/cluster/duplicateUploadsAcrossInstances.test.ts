import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'
import { createTestCollection } from '../createTestCollection'
import { createTestDatabase, type TestDatabase } from '../postgres/createTestDatabase'
import { signUpForTest, type TestUser } from '../signUpForTest'
import { startInstance, type Instance } from './startInstance'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const TEXT = '# Tide table\n\nHigh water at the harbour mouth came at six, an hour after the pilot boat left.'

/**
 * The same content uploaded with `on_duplicate=skip` to two server processes on one PostgreSQL at the
 * same instant, as behind a load balancer: each process takes turns within itself, and the processes
 * take turns through the collection's advisory lock, so exactly one document is made. The race
 * between two processes is narrow and not always met here: the lock itself is shown to hold across
 * instances in pgSyncLocks.test.ts; this is the whole path, over HTTP, with its answers.
 */
describe('duplicate uploads across instances on one PostgreSQL', () => {
  let database: TestDatabase
  let instances: Instance[] = []
  let person: TestUser

  beforeAll(async () => {
    database = await createTestDatabase()
    instances = await Promise.all([0, 1].map(() => startInstance({ databaseUrl: database.url })))
    person = await signUpForTest(instances[0]!.url, 'tides')
  }, scaledTimeout(90_000))
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()))
    await database?.drop()
  })

  const upload = async (instance: Instance, collectionId: string, name: string) => {
    const form = new FormData()
    form.append('collection_id', collectionId)
    form.append('on_duplicate', 'skip')
    form.append('file', new Blob([TEXT], { type: 'text/markdown' }), name)
    const response = await fetch(`${instance.url}/api/documents/`, {
      method: 'POST',
      headers: person.auth,
      body: form,
    })
    return { status: response.status, body: (await response.json()) as Json }
  }

  it(
    'makes one document; every other upload is answered as skipped, naming it',
    async () => {
      const collectionId = await createTestCollection(instances[0]!.url, 'Tides', 'both', person.auth)
      // Both open the person's space first, so that the uploads below meet at the lock, not at its opening.
      for (const instance of instances) {
        await fetch(`${instance.url}/api/collections/${collectionId}`, { headers: person.auth })
      }
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => upload(instances[i % 2]!, collectionId, `tides ${i}.md`)),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(15).fill(200), 201])
      const made = answers.find((answer) => answer.status === 201)!.body
      for (const answer of answers.filter((each) => each.status === 200)) {
        expect(answer.body.duplicate).toMatchObject({ action: 'skipped', existing_document_id: made.id })
      }
      for (const instance of instances) {
        const listed = await fetch(`${instance.url}/api/documents/?collection_id=${collectionId}`, {
          headers: person.auth,
        })
        expect(((await listed.json()) as Json[]).map((document) => document.id)).toEqual([made.id])
      }
    },
    scaledTimeout(60_000),
  )
})
