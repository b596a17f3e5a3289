import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
import { corpusDir } from '../web/core/testing/corpusDir'
import { CollectionPage } from './pages/CollectionPage'
import { CollectionsPage } from './pages/CollectionsPage'
import { FolderPanel } from './pages/FolderPanel'
import { openApp } from './support/openApp'
import { syncServer } from './support/syncDevices'
import { STATIC_PORT } from '../playwright.config'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, join(import.meta.dirname, '..'))

// 19 corpus files of every text kind, and a copy of one with a change, in subfolders.
const CORPUS_FILES = [
  'md/fastapi__zh-index.md',
  'md/ollama__api.md',
  'md/ripgrep__README.md',
  'md/rustbook__ch10-03-lifetime-syntax.md',
  'html/markitdown__test_blog.html',
  'html/readability__ietf-1.html',
  'html/readability__wikipedia-mozilla.html',
  'docx/docling__word_sample.docx',
  'docx/mammoth__footnotes.docx',
  'docx/markitdown__test.docx',
  'docx/poi__bug59058-cancer-stats.docx',
  'pptx/docling__powerpoint_sample.pptx',
  'pptx/markitdown__test.pptx',
  'pdf/pdfjs__issue1293r.pdf',
  'pdf/pdfjs__Pages-tree-refs.pdf',
  'pdf/pdfminer__dmca.pdf',
  'pdf/docling__right_to_left_01.pdf',
  'pdf/pdfjs__issue13211.pdf',
  'pdf/pdfjs__tracemonkey.pdf',
]

/** Writes files into a folder of the page's origin private file system (paths with subfolders). */
async function writeOpfs(page: Page, folder: string, files: Record<string, string>): Promise<void> {
  await page.evaluate(
    async ({ folder, files }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true })
      for (const [path, base64] of Object.entries(files)) {
        const parts = path.split('/')
        let directory = root
        for (const part of parts.slice(0, -1))
          directory = await directory.getDirectoryHandle(part, { create: true })
        const writable = await (
          await directory.getFileHandle(parts.at(-1)!, { create: true })
        ).createWritable()
        await writable.write(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
        await writable.close()
      }
    },
    { folder, files },
  )
}

async function removeOpfs(page: Page, folder: string, path: string): Promise<void> {
  await page.evaluate(
    async ({ folder, path }) => {
      let directory = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder)
      const parts = path.split('/')
      for (const part of parts.slice(0, -1)) directory = await directory.getDirectoryHandle(part)
      await directory.removeEntry(parts.at(-1)!)
    },
    { folder, path },
  )
}

/** How many listed files are in each state, once none is processing (else undefined). */
async function settled(folder: FolderPanel): Promise<Record<string, number> | undefined> {
  const counts: Record<string, number> = {}
  for (const state of Object.values(await folder.states())) counts[state] = (counts[state] ?? 0) + 1
  return counts.processing ? undefined : counts
}

const text = (value: string) => Buffer.from(value).toString('base64')

async function documentIds(page: Page, collectionId: string): Promise<Record<string, string>> {
  return page.evaluate(async (id) => {
    const documents = (await (await fetch(`/api/documents/?collection_id=${id}`)).json()) as Array<{
      id: string
      original_filename: string
    }>
    return Object.fromEntries(documents.map((d) => [d.original_filename, d.id]))
  }, collectionId)
}

// On a static host (no API at all) and on the sync server's own origin, where the page's /api requests
// share the origin with the server's routes; offline on both once the app has loaded, as the issue asks.
const ORIGINS = [
  { name: 'a static host', appOrigin: `http://127.0.0.1:${STATIC_PORT}` },
  { name: 'the sync server’s origin', appOrigin: syncServer },
]

for (const { name, appOrigin } of ORIGINS) {
  test(`a followed folder of 20 files, offline on ${name}: edited, deleted, renamed, added and unsupported files after Check now`, async ({
    page,
  }) => {
    test.setTimeout(scaledTimeout(60_000))
    await openApp(page, `${appOrigin}/collections`)
    await goOffline(page)
    const files: Record<string, string> = {}
    for (const path of CORPUS_FILES) files[path] = readFileSync(join(corpus, path)).toString('base64')
    const ripgrep = readFileSync(join(corpus, 'md/ripgrep__README.md'), 'utf8')
    files['notes/ripgrep-copy.md'] = text(`${ripgrep}\n\nThis copy was kept for the team wiki.\n`)
    await writeOpfs(page, 'Notes', files)

    await new CollectionsPage(page).create({ name: 'Followed', description: 'A folder kept in step' })
    const collection = new CollectionPage(page)
    await collection.open('Followed')
    const collectionId = page.url().split('/').pop()!
    const folder = new FolderPanel(page)
    await folder.follow('Notes')

    // One of the PDFs is damaged: it fails, and says why.
    await expect
      .poll(() => settled(folder), { timeout: scaledTimeout(40_000) })
      .toEqual({ in_step: 19, failed: 1 })
    await expect(folder.file('pdf/pdfjs__Pages-tree-refs.pdf')).toContainText('Failed: This PDF is damaged')
    const before = await documentIds(page, collectionId)
    expect(Object.keys(before)).toHaveLength(20)

    // Edited, deleted, renamed (moved to a subfolder), added, and one Quire cannot read.
    await writeOpfs(page, 'Notes', {
      'md/rustbook__ch10-03-lifetime-syntax.md': text(
        '# Harbour log\n\nThe quartermaster counts seven brass lanterns on the harbour wall every evening.\n',
      ),
      'moved/ollama-api.md': files['md/ollama__api.md']!,
      'notes/added.md': text('# Added\n\nA heron was seen fishing below the old mill on Tuesday.\n'),
      'backup.zip': text('PK not really an archive'),
    })
    await removeOpfs(page, 'Notes', 'md/ollama__api.md')
    await removeOpfs(page, 'Notes', 'md/fastapi__zh-index.md')

    await folder.checkNow()
    await expect(
      page.getByText(/“Notes” changed: 1 added, 1 changed, 1 renamed or moved, 1 removed/),
    ).toBeVisible()
    await expect
      .poll(() => settled(folder), { timeout: scaledTimeout(15_000) })
      .toEqual({ in_step: 19, failed: 1, skipped: 1 })
    const states = await folder.states()
    expect(states['backup.zip']).toBe('skipped')
    expect(states['md/fastapi__zh-index.md']).toBeUndefined()
    expect(states['md/ollama__api.md']).toBeUndefined()
    expect(states['moved/ollama-api.md']).toBe('in_step')
    expect(states['notes/added.md']).toBe('in_step')
    await expect(folder.file('backup.zip')).toContainText('Skipped: unsupported file type')

    // The collection matches the folder; the renamed file kept its document.
    const after = await documentIds(page, collectionId)
    expect(Object.keys(after).sort()).toEqual(
      Object.keys(before)
        .filter((name) => name !== 'fastapi__zh-index.md' && name !== 'ollama__api.md')
        .concat('ollama-api.md', 'added.md')
        .sort(),
    )
    expect(after['ollama-api.md']).toBe(before['ollama__api.md'])
    expect(after['rustbook__ch10-03-lifetime-syntax.md']).toBe(before['rustbook__ch10-03-lifetime-syntax.md'])
    await expect(collection.row('added.md')).toBeVisible()

    // The edited file answers from its new text, and its old text is gone from search.
    const search = (query: string) =>
      page.evaluate(
        async ({ query, collectionId }) => {
          const response = await fetch('/api/search_u/', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query, collection_id: collectionId, top_k: 3 }),
          })
          return ((await response.json()) as { chunks: Array<{ document_id: string; content: string }> })
            .chunks
        },
        { query, collectionId },
      )
    const found = await search('how many lanterns does the quartermaster count on the harbour wall')
    expect(found[0]?.document_id).toBe(before['rustbook__ch10-03-lifetime-syntax.md'])
    expect(found[0]?.content).toContain('seven brass lanterns')
    const old = await search('lifetime annotations borrow checker dangling references')
    expect(old.map((chunk) => chunk.document_id)).not.toContain(
      before['rustbook__ch10-03-lifetime-syntax.md'],
    )
  })
}
