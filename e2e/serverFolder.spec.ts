import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { corpusDir } from '../web/core/testing/corpusDir'
import { AccountPage } from './pages/AccountPage'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { FolderPanel } from './pages/FolderPanel'
import { openApp } from './support/openApp'
import { startQuireServer, type QuireServer } from './support/startQuireServer'
import { newPerson } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 43: a folder on the sync server (inside the operator's FOLDER_ROOTS), followed from the app at
// the server's own origin. The server reads it; its documents reach the device by sync. Files edited,
// deleted, renamed, added and unsupported on disk: after "Check now" the device's collection matches.
const port = Number(process.env.E2E_FOLDER_PORT ?? SYNC_PORT + 6)
const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))
const CORPUS_FILES = [
  'md/ollama__api.md',
  'md/ripgrep__README.md',
  'md/rustbook__ch10-03-lifetime-syntax.md',
  'html/markitdown__test_blog.html',
  'docx/markitdown__test.docx',
]

/** The device's documents of a collection (its own in-browser API, filled by sync), name to id. */
function deviceDocuments(page: Page, collectionId: string): Promise<Record<string, string>> {
  return page.evaluate(async (id) => {
    const documents = (await (await fetch(`/api/documents/?collection_id=${id}`)).json()) as Array<{
      id: string
      original_filename: string
      status: string
    }>
    return Object.fromEntries(
      documents.filter((d) => d.status === 'completed').map((d) => [d.original_filename, d.id]),
    )
  }, collectionId)
}

/** Each file's state once none is processing (else undefined). */
async function settled(folder: FolderPanel): Promise<Record<string, string> | undefined> {
  const states = await folder.states()
  return Object.values(states).includes('processing') ? undefined : states
}

test.describe.serial('a folder on the sync server', () => {
  let server: QuireServer
  const root = mkdtempSync(join(tmpdir(), 'quire-e2e-roots-'))
  const notes = join(root, 'notes')
  test.beforeAll(async () => {
    mkdirSync(join(notes, 'md'), { recursive: true })
    for (const path of CORPUS_FILES) {
      mkdirSync(join(notes, path.split('/')[0]!), { recursive: true })
      copyFileSync(join(corpus, path), join(notes, path))
    }
    server = await startQuireServer(port, { FOLDER_ROOTS: root, RATE_LIMIT_REGISTER: '0' })
  })
  test.afterAll(async () => {
    await server?.stop()
    server?.remove()
    rmSync(root, { recursive: true, force: true })
  })

  test('followed from the app; edited, deleted, renamed, added and unsupported files after Check now', async ({
    page,
  }) => {
    test.setTimeout(scaledTimeout(90_000))
    await openApp(page, `${server.origin}/`)
    const account = new AccountPage(page)
    await account.open()
    await account.signUp({ server: server.origin, ...newPerson(), fullName: 'Folder Keeper' })
    await expect(account.signedInAs('Folder Keeper')).toBeVisible()

    const collections = new CollectionsPage(page)
    await collections.open()
    await collections.create({ name: 'Server notes', description: 'A folder on the server' })
    const collection = new CollectionPage(page)
    await collection.open('Server notes')
    const collectionId = page.url().split('/').pop()!
    const folder = new FolderPanel(page)
    await expect(folder.serverRoots).toHaveText([root])

    // Refused where it enters, in the server's words, once the collection has reached the server by
    // sync (until then the server answers that it has no such collection, whatever the path).
    await expect(async () => {
      await folder.followOnServer(`${root}/../etc`)
      await expect(folder.serverError).toContainText('must not contain ".."', {
        timeout: scaledTimeout(2_000),
      })
    }).toPass({ timeout: scaledTimeout(45_000) })
    await folder.followOnServer('/etc')
    await expect(folder.serverError).toContainText('outside the folders this server lets you follow')

    await expect(async () => {
      await folder.followOnServer(notes)
      await expect(folder.panel).toContainText(`Follows ${notes} on the server`, {
        timeout: scaledTimeout(2_000),
      })
    }).toPass({ timeout: scaledTimeout(20_000) })
    await expect
      .poll(() => settled(folder), { timeout: scaledTimeout(30_000) })
      .toEqual({
        'docx/markitdown__test.docx': 'in_step',
        'html/markitdown__test_blog.html': 'in_step',
        'md/ollama__api.md': 'in_step',
        'md/ripgrep__README.md': 'in_step',
        'md/rustbook__ch10-03-lifetime-syntax.md': 'in_step',
      })
    await expect
      .poll(() => deviceDocuments(page, collectionId).then(Object.keys), { timeout: scaledTimeout(20_000) })
      .toHaveLength(5)
    const before = await deviceDocuments(page, collectionId)

    // On the server's disk: one edited, one deleted, one renamed (moved), one added, one Quire cannot read.
    writeFileSync(
      join(notes, 'md/rustbook__ch10-03-lifetime-syntax.md'),
      '# Harbour log\n\nThe quartermaster counts seven brass lanterns on the harbour wall every evening.\n',
    )
    rmSync(join(notes, 'md/ripgrep__README.md'))
    mkdirSync(join(notes, 'moved'))
    renameSync(join(notes, 'md/ollama__api.md'), join(notes, 'moved/ollama-api.md'))
    writeFileSync(
      join(notes, 'added.md'),
      '# Added\n\nA heron was seen fishing below the old mill on Tuesday.\n',
    )
    writeFileSync(join(notes, 'backup.zip'), 'PK not really an archive')
    await folder.checkNow()

    await expect
      .poll(() => settled(folder), { timeout: scaledTimeout(20_000) })
      .toEqual({
        'added.md': 'in_step',
        'backup.zip': 'skipped',
        'docx/markitdown__test.docx': 'in_step',
        'html/markitdown__test_blog.html': 'in_step',
        'md/rustbook__ch10-03-lifetime-syntax.md': 'in_step',
        'moved/ollama-api.md': 'in_step',
      })
    await expect(folder.file('backup.zip')).toContainText('Skipped: unsupported file type')
    await expect(folder.summary).toHaveText('6 files: 5 in step, 1 skipped')
    // The device pulls what the server's check changed as the panel shows it: the page's own list agrees.
    await expect(collection.row('ripgrep__README.md')).toHaveCount(0)
    await expect(collection.row('added.md')).toBeVisible()
    // What the person sees, looked at by a person: the panel at desktop and phone widths. Each file's name
    // and state are two boxes that do not meet, each state on one line.
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await folder.panel.scrollIntoViewIfNeeded()
      const layout = await folder.fileLayout()
      expect(layout.map((file) => file.path).sort()).toEqual(Object.keys(await folder.states()).sort())
      for (const file of layout) expect(file, `${file.path} at ${width}px`).toMatchObject({ meet: false })
      const stateHeights = layout.map((file) => file.stateHeight)
      expect(Math.max(...stateHeights) - Math.min(...stateHeights)).toBeLessThan(2)
      await page.screenshot({ path: `e2e/output/issue43/server-folder-${width}.png` })
    }
    await page.setViewportSize({ width: 1440, height: 900 })

    // The device's collection matches the folder; the renamed file kept its document.
    await expect
      .poll(() => deviceDocuments(page, collectionId).then((d) => Object.keys(d).sort()), {
        timeout: scaledTimeout(20_000),
      })
      .toEqual(
        ['added.md', 'markitdown__test.docx', 'markitdown__test_blog.html', 'ollama-api.md']
          .concat('rustbook__ch10-03-lifetime-syntax.md')
          .sort(),
      )
    const after = await deviceDocuments(page, collectionId)
    expect(after['ollama-api.md']).toBe(before['ollama__api.md'])
    expect(after['rustbook__ch10-03-lifetime-syntax.md']).toBe(before['rustbook__ch10-03-lifetime-syntax.md'])
    await expect(collection.row('added.md')).toBeVisible()

    // The edited file answers from its new text on the device.
    await expect
      .poll(
        () =>
          page.evaluate(async (collectionId) => {
            const response = await fetch('/api/search_u/', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                query: 'how many lanterns does the quartermaster count on the harbour wall',
                collection_id: collectionId,
                top_k: 1,
              }),
            })
            const { chunks } = (await response.json()) as { chunks: Array<{ content: string }> }
            return chunks[0]?.content ?? ''
          }, collectionId),
        { timeout: scaledTimeout(15_000) },
      )
      .toContain('seven brass lanterns')

    await folder.panel.getByRole('button', { name: 'Stop following' }).click()
    await expect(folder.panel.getByLabel('Folder on the server')).toBeVisible()
  })
})
