import type { Page } from '@playwright/test'
import { round } from './round'
import { median } from './median'

/** One timed step of the folder benchmark, as `bench/folder.ts` reports it. */
export interface FolderStep {
  case: 'first check' | 'first check processed' | 'rescan unchanged' | 'rescan one changed'
  ms: number
  added?: number
  updated?: number
  unchanged?: number
}

interface Changes {
  added: number
  updated: number
  unchanged: number
}

/** Writes the notes into the origin private file system under `folder` (subfolders made as needed). */
async function writeOpfs(page: Page, folder: string, notes: ReadonlyArray<[string, string]>): Promise<void> {
  await page.evaluate(
    async ({ folder, notes }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true })
      const directories = new Map<string, FileSystemDirectoryHandle>()
      for (const [path, text] of notes) {
        const parts = path.split('/')
        const dirPath = parts.slice(0, -1).join('/')
        let directory = directories.get(dirPath)
        if (!directory) {
          directory = root
          for (const part of parts.slice(0, -1))
            directory = await directory.getDirectoryHandle(part, { create: true })
          directories.set(dirPath, directory)
        }
        const writable = await (
          await directory.getFileHandle(parts.at(-1)!, { create: true })
        ).createWritable()
        await writable.write(text)
        await writable.close()
      }
    },
    { folder, notes },
  )
}

/** A JSON call to the page's own API (the in-browser host). */
function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      const text = await response.text()
      if (!response.ok)
        throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`)
      return (text ? JSON.parse(text) : undefined) as T
    },
    { method, path, body },
  ) as Promise<T>
}

interface Status {
  last_checked_at: string | null
  scanning: boolean
  files: Array<{ state: string }>
}

/**
 * The folder benchmark on the browser host: the notes written into the page's origin private file
 * system, followed from the collection page (the picker answered with that folder, as the e2e test
 * does), then checked through the page's own API, which runs web/core's scanner in the API worker over
 * the folder's `FileSystemDirectoryHandle`. The same steps as on the server.
 */
export async function measureFolderInBrowser(
  page: Page,
  notes: ReadonlyArray<[string, string]>,
  emit: (step: FolderStep) => void,
  progress: (message: string) => void,
): Promise<void> {
  const count = notes.length
  progress(`folder (browser): writing ${count} files into the origin private file system`)
  await writeOpfs(page, 'bench-notes', notes)
  const { id } = await call<{ id: string }>(page, 'POST', '/api/collections/', {
    name: 'Folder bench',
    description: 'A followed folder',
  })
  await page.goto(new URL(`/collections/${id}`, page.url()).href)
  const follow = page.getByRole('button', { name: 'Follow a folder' })
  await follow.waitFor({ timeout: 60_000 })
  await page.evaluate(() => {
    window.__quirePickFolder = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('bench-notes')
  })
  const folderPath = `/api/collections/${id}/folder`
  progress('folder (browser): first check')
  let started = performance.now()
  await follow.click()
  let status: Status
  for (;;) {
    status = await call<Status>(page, 'GET', folderPath).catch(() => ({
      last_checked_at: null,
      scanning: true,
      files: [],
    }))
    if (status.last_checked_at && !status.scanning) break
    await page.waitForTimeout(100)
  }
  emit({ case: 'first check', ms: round(performance.now() - started, 0) })
  for (;;) {
    if (status.files.length === count && status.files.every((file) => file.state !== 'processing')) break
    await page.waitForTimeout(500)
    status = await call<Status>(page, 'GET', folderPath)
  }
  emit({ case: 'first check processed', ms: round(performance.now() - started, 0) })

  progress('folder (browser): rescans')
  const check = () => call<{ changes: Changes }>(page, 'POST', `${folderPath}/check`)
  const times: number[] = []
  let changes: Changes = { added: 0, updated: 0, unchanged: 0 }
  for (let i = 0; i < 5; i++) {
    started = performance.now()
    changes = (await check()).changes
    times.push(performance.now() - started)
  }
  const { added, updated, unchanged } = changes
  emit({ case: 'rescan unchanged', ms: round(median(times), 0), added, updated, unchanged })

  const [path, text] = notes[7]!
  await writeOpfs(page, 'bench-notes', [[path, `${text}\nA line added later: the heron came back.\n`]])
  started = performance.now()
  changes = (await check()).changes
  emit({
    case: 'rescan one changed',
    ms: round(performance.now() - started, 0),
    added: changes.added,
    updated: changes.updated,
    unchanged: changes.unchanged,
  })
  if (changes.updated !== 1 || changes.unchanged !== count - 1) {
    throw new Error(
      `folder (browser): one changed file should update one document, got ${JSON.stringify(changes)}`,
    )
  }
}
