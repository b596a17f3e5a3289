import { checkEqual, checkMatch, TIMESTAMP_MS_Z, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { expectStatus, UNKNOWN_ID } from './contractFixtures'
import { expectValidationIssue, uniqueSuffix } from './expectValidationIssue'
import { responseJson } from './responseJson'

const BASE = '/api/v1/pages'

interface Page {
  id: string
  content: Record<string, unknown>
  content_backup: Record<string, unknown> | null
  backup_date: string | null
}
interface Summary {
  id: string
  page_id: string
  label: string
  reason: string
  module_count: number
  created_at: string
  content?: unknown
}

/** BrainDrive's studio form: `modules` by layout key (what module_count counts). */
const content = (...keys: string[]) => ({
  layouts: { desktop: keys.map((i) => ({ i, x: 0, y: 0, w: 4, h: 4 })) },
  modules: Object.fromEntries(keys.map((i) => [i, { pluginId: 'p', moduleId: 'm' }])),
})

async function createPage(client: ContractClient, pageContent: Record<string, unknown>): Promise<Page> {
  const response = await client({
    method: 'POST',
    path: BASE,
    json: { name: 'Backed up', route: `/backups-${uniqueSuffix()}`, content: pageContent },
  })
  expectStatus(response, 201)
  return responseJson<Page>(response)
}

async function listBackups(client: ContractClient, pageId: string): Promise<Summary[]> {
  const response = await client({ method: 'GET', path: `${BASE}/${pageId}/backups` })
  expectStatus(response, 200)
  const body = responseJson<{ backups: Summary[]; total: number }>(response)
  checkEqual(body.total, body.backups.length, 'total')
  return body.backups
}

const restore = (client: ContractClient, pageId: string, backupId: string) =>
  client({ method: 'POST', path: `${BASE}/${pageId}/backups/${backupId}/restore` })

export const pageBackupsContract: HostCase<ContractClient>[] = [
  {
    name: 'Page backups: a history newest first (manual, before publish), each with its label and module count; a restore is itself backed up first',
    async run(client) {
      const page = await createPage(client, content('a'))
      checkEqual(await listBackups(client, page.id), [], 'no backups yet')
      const save = (next: Record<string, unknown>) =>
        client({ method: 'PUT', path: `${BASE}/${page.id}`, json: { content: next } })

      // A manual backup, named; BrainDrive's last-backup fields follow it.
      const manual = await client({
        method: 'POST',
        path: `${BASE}/${page.id}/backup`,
        json: { label: 'First draft' },
      })
      expectStatus(manual, 201)
      const taken = responseJson<Page & { backup: Summary }>(manual)
      checkEqual([taken.backup.label, taken.backup.reason], ['First draft', 'manual'], 'manual backup')

      // Publishing keeps a copy first, once per content: publishing again the same content adds none.
      expectStatus(await save(content('a', 'b')), 200)
      const publish = () =>
        client({ method: 'POST', path: `${BASE}/${page.id}/publish`, json: { publish: true } })
      expectStatus(await publish(), 200)
      expectStatus(await publish(), 200)
      const afterPublish = await listBackups(client, page.id)
      checkEqual(
        afterPublish.map((b) => [b.label, b.reason, b.module_count]),
        [
          ['Before publish', 'publish', 2],
          ['First draft', 'manual', 1],
        ],
        'newest first, with module counts',
      )
      for (const backup of afterPublish) {
        checkMatch(backup.id, UUID_V4, 'backup id')
        checkMatch(backup.created_at, TIMESTAMP_MS_Z, 'created_at')
        checkEqual([backup.page_id, 'content' in backup], [page.id, false], 'a summary, no content')
      }
      // Unpublishing takes none.
      expectStatus(
        await client({ method: 'POST', path: `${BASE}/${page.id}/publish`, json: { publish: false } }),
        200,
      )
      checkEqual((await listBackups(client, page.id)).length, 2, 'unpublish takes no backup')

      // Restore the first draft: the page's content becomes it; what it replaced is backed up first.
      expectStatus(await save(content('a', 'b', 'c')), 200)
      const firstDraft = afterPublish[1]!
      const restored = await restore(client, page.id, firstDraft.id)
      expectStatus(restored, 200)
      const answer = responseJson<Page & { restored_from: Summary; backup: Summary }>(restored)
      checkEqual(answer.content, content('a'), 'restored content')
      checkEqual(answer.restored_from.id, firstDraft.id, 'restored_from')
      checkEqual([answer.backup.label, answer.backup.module_count], ['Before restore', 3], 'undo point')
      // BrainDrive's last manual backup is left as it was.
      checkEqual([answer.content_backup, answer.backup_date], [content('a'), taken.backup_date], 'last')
      const stored = responseJson<Page>(await client({ method: 'GET', path: `${BASE}/${page.id}` }))
      checkEqual(stored.content, content('a'), 'stored content')
      // Undo the restore by restoring its own backup.
      const undone = responseJson<Page>(await restore(client, page.id, answer.backup.id))
      checkEqual(undone.content, content('a', 'b', 'c'), 'restore undone')
      checkEqual(
        (await listBackups(client, page.id)).map((b) => b.label),
        ['Before restore', 'Before restore', 'Before publish', 'First draft'],
        'each restore backed up first',
      )
    },
  },
  {
    name: 'Page backups: at most 20 per page, the oldest pushed out; deleting the page deletes them',
    async run(client) {
      const page = await createPage(client, content())
      for (let n = 1; n <= 21; n++) {
        const response = await client({
          method: 'POST',
          path: `${BASE}/${page.id}/backup`,
          json: { label: `Backup ${n}` },
        })
        expectStatus(response, 201)
      }
      const kept = await listBackups(client, page.id)
      checkEqual(kept.length, 20, 'at most 20 kept')
      checkEqual([kept[0]!.label, kept[19]!.label], ['Backup 21', 'Backup 2'], 'the oldest went')
      expectStatus(await client({ method: 'DELETE', path: `${BASE}/${page.id}` }), 204)
      expectStatus(await client({ method: 'GET', path: `${BASE}/${page.id}/backups` }), 404, 'Page not found')
      // Its backups went with it: a new page cannot restore them either.
      const other = await createPage(client, content())
      expectStatus(await restore(client, other.id, kept[0]!.id), 404, 'Backup not found')
    },
  },
  {
    name: 'Page backups: another page’s, unknown and malformed backups are 404 Backup not found; bad labels 422',
    async run(client) {
      const page = await createPage(client, content('a'))
      const other = await createPage(client, content('x', 'y'))
      const backup = responseJson<{ backup: Summary }>(
        await client({ method: 'POST', path: `${BASE}/${other.id}/backup`, json: {} }),
      ).backup
      checkEqual(backup.label, 'Backup', 'default label')
      expectStatus(await restore(client, page.id, backup.id), 404, 'Backup not found')
      const untouched = responseJson<Page>(await client({ method: 'GET', path: `${BASE}/${page.id}` }))
      checkEqual(untouched.content, content('a'), 'another page’s backup is not restored')
      expectStatus(await restore(client, page.id, UNKNOWN_ID), 404, 'Backup not found')
      expectStatus(await restore(client, page.id, 'not-an-id'), 404, 'Backup not found')
      expectStatus(await restore(client, UNKNOWN_ID, backup.id), 404, 'Page not found')
      expectStatus(await restore(client, 'nope', backup.id), 404, 'Page not found')
      expectStatus(
        await client({ method: 'GET', path: `${BASE}/${UNKNOWN_ID}/backups` }),
        404,
        'Page not found',
      )
      // The same backup by its id without hyphens, as BrainDrive's clients send ids.
      expectStatus(await restore(client, other.id, backup.id.replaceAll('-', '')), 200)
      for (const label of ['', '   ', 'x'.repeat(101), 7])
        expectValidationIssue(
          await client({ method: 'POST', path: `${BASE}/${page.id}/backup`, json: { label } }),
          'body.label',
        )
    },
  },
]
