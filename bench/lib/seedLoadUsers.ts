import { signUpForTest } from '../../sync-server/test/signUpForTest'
import type { LoadUser } from './mixedLoad'

const COLLECTIONS_PER_USER = 5
const DOCUMENT_TIMEOUT_MS = 60_000

/** A short report of a few paragraphs whose words the load's searches use. */
const REPORT = [
  '# Quarterly budget review',
  'The harbor ledger closed the quarter with the copper garden project under budget.',
  'River archive work moved to the north signal office; the summit team kept its minute books.',
  '## Outlook',
  'Marble and violet lines of the canvas range sold well; winter engine repairs stay on schedule.',
  'The pilot meadow thread report is due next quarter, with the paper lamp orbit survey.',
].join('\n\n')

/**
 * `count` people signed up over the API of `url`, each with five collections and one processed
 * document in the first of them, ready for `mixedLoad`. Throws when a document does not end
 * `completed` in time: a load over a failed document would read an error, not a document.
 */
export async function seedLoadUsers(url: string, count: number, prefix: string): Promise<LoadUser[]> {
  const users: LoadUser[] = []
  for (let i = 0; i < count; i++) {
    const user = await signUpForTest(url, `${prefix}${i}`)
    const json = { ...user.auth, 'content-type': 'application/json' }
    const collectionIds: string[] = []
    for (let c = 0; c < COLLECTIONS_PER_USER; c++) {
      const response = await fetch(`${url}/api/collections/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: `Seeded ${c}`, description: `Collection ${c} of ${prefix}${i}` }),
      })
      if (response.status !== 201)
        throw new Error(`creating a collection: ${response.status} ${await response.text()}`)
      collectionIds.push(((await response.json()) as { id: string }).id)
    }
    const form = new FormData()
    form.append('collection_id', collectionIds[0]!)
    form.append('file', new Blob([REPORT]), 'quarterly-review.md')
    const uploaded = await fetch(`${url}/api/documents/`, { method: 'POST', headers: user.auth, body: form })
    if (uploaded.status !== 201) throw new Error(`uploading: ${uploaded.status} ${await uploaded.text()}`)
    const documentId = ((await uploaded.json()) as { id: string }).id
    users.push({ id: user.id, token: user.token, collectionIds, documentId })
  }
  for (const user of users) await untilCompleted(url, user)
  return users
}

async function untilCompleted(url: string, user: LoadUser): Promise<void> {
  const deadline = Date.now() + DOCUMENT_TIMEOUT_MS
  for (;;) {
    const response = await fetch(`${url}/api/documents/${user.documentId}`, {
      headers: { authorization: `Bearer ${user.token}` },
    })
    const document = (await response.json()) as { status?: string; metadata?: { error?: string } }
    if (document.status === 'completed') return
    if (document.status === 'failed')
      throw new Error(`the seeded document failed: ${document.metadata?.error}`)
    if (Date.now() > deadline) throw new Error(`the seeded document is still ${document.status} after 60 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
