import { mkdir, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import type { Browser } from '@playwright/test'
import { startServer, type RunningServer } from '../sync-server/src/startServer'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { ensureBuiltApp } from './lib/ensureBuiltApp'
import { measureFolderInBrowser, type FolderStep } from './lib/folderInBrowser'
import { openAppInChromium } from './lib/openAppInChromium'
import { startServerProcess } from './lib/startServerProcess'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { round } from './lib/round'

const NAME = 'folder'
const SOURCES = [
  'md/ripgrep__README.md',
  'md/ollama__api.md',
  'md/rustbook__ch10-03-lifetime-syntax.md',
  'md/fastapi__zh-index.md',
  'html/markitdown__test_blog.html',
]

export interface FolderLine extends BenchLine, Omit<FolderStep, 'case'> {
  case: FolderStep['case']
  /** Who followed the folder: the sync server (its disk), or the in-browser API (the origin private file system). */
  host: 'server' | 'browser'
  files: number
  /** The browser's version (browser lines). */
  browser?: string
}

type FolderHostName = FolderLine['host']

/** FOLDER_BENCH_HOSTS: `server`, `browser` or both (the default), comma-separated. */
function hostsFromEnv(env: NodeJS.ProcessEnv): FolderHostName[] {
  const raw = env.FOLDER_BENCH_HOSTS?.trim() || 'server,browser'
  const hosts = raw.split(',').map((host) => host.trim())
  for (const host of hosts) {
    if (host !== 'server' && host !== 'browser') {
      throw new Error(`FOLDER_BENCH_HOSTS: "${host}" is neither server nor browser`)
    }
  }
  return hosts as FolderHostName[]
}

/**
 * The followed folder's notes, path to text: corpus Markdown and HTML cut into notes of a few
 * paragraphs, each with its own line, in 20 subfolders. The same on both hosts.
 */
async function folderNotes(count: number): Promise<Array<[string, string]>> {
  const paragraphs = (
    await Promise.all(
      SOURCES.map(async (path) => (await readFile(corpusFile(path), 'utf8')).split(/\n\s*\n/u)),
    )
  ).flat()
  const notes: Array<[string, string]> = []
  for (let i = 0; i < count; i++) {
    const start = (i * 7) % Math.max(1, paragraphs.length - 4)
    const body = paragraphs.slice(start, start + 4).join('\n\n')
    notes.push([`set-${i % 20}/note-${i}.md`, `# Note ${i}\n\n${body}\n\nThis is note number ${i}.\n`])
  }
  return notes
}

async function call(server: RunningServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (!response.ok)
    throw new Error(`${NAME}: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`)
  return (text ? JSON.parse(text) : undefined) as Record<string, unknown>
}

/**
 * A folder of FOLDER_BENCH_FILES (default 2,000) notes (`folderNotes`) followed on each host of
 * FOLDER_BENCH_HOSTS (default both). Times the first check (listed, read, hashed, documents added) and
 * until every document is processed, a rescan with nothing changed (the median of 5; goal under 2 s on
 * the server, 5 s in the browser) and a rescan after one file changed (it must update that one file only).
 */
export async function measureFolder(reporter: LineReporter<FolderLine>): Promise<FolderLine[]> {
  const count = Number(process.env.FOLDER_BENCH_FILES ?? 2000)
  const hosts = hostsFromEnv(process.env)
  const notes = await folderNotes(count)
  const lines: FolderLine[] = []
  const emitFor =
    (host: FolderHostName, extra: Partial<FolderLine> = {}) =>
    (fields: FolderStep) => {
      const line: FolderLine = {
        benchmark: NAME,
        host,
        files: count,
        ...fields,
        ...extra,
        node: process.version,
        date: new Date().toISOString(),
      }
      lines.push(line)
      reporter.emit(line)
    }
  if (hosts.includes('server')) await measureOnServer(notes, emitFor('server'), reporter.progress)
  if (hosts.includes('browser')) {
    await ensureBuiltApp(reporter.progress)
    const server = await startServerProcess({ STATIC_DIR: resolve('dist') }, reporter.progress)
    let browser: Browser | undefined
    try {
      const app = await openAppInChromium(`${server.url}/collections`)
      browser = app.browser
      await measureFolderInBrowser(
        app.page,
        notes,
        emitFor('browser', { browser: app.version }),
        reporter.progress,
      )
    } finally {
      await browser?.close()
      await server.stop()
    }
  }
  return lines
}

/** On the sync server (SQLite, hash-v1), in this process: the notes written to a folder inside FOLDER_ROOTS. */
async function measureOnServer(
  notes: ReadonlyArray<[string, string]>,
  emit: (step: FolderStep) => void,
  progress: (message: string) => void,
): Promise<void> {
  const count = notes.length
  const top = await mkdtemp(join(tmpdir(), 'quire-bench-folder-'))
  const root = join(top, 'root')
  const folder = join(root, 'notes')
  let server: RunningServer | undefined
  try {
    progress(`${NAME}: writing ${count} files`)
    for (const [path, text] of notes) {
      await mkdir(dirname(join(folder, path)), { recursive: true })
      await writeFile(join(folder, path), text)
    }
    server = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: join(top, 'data'),
        singleUser: true,
        folderRoots: [root],
        folderRescanMs: 3_600_000,
      },
      {},
    )
    const collection = await call(server, 'POST', '/api/collections/', {
      name: 'Folder bench',
      description: 'A followed folder',
    })
    const id = String(collection.id)

    progress(`${NAME}: first check`)
    let started = performance.now()
    await call(server, 'PUT', `/api/collections/${id}/folder`, { path: folder })
    emit({ case: 'first check', ms: round(performance.now() - started, 0) })
    for (;;) {
      const status = await call(server, 'GET', `/api/collections/${id}/folder`)
      const files = status.files as Array<{ state: string }>
      if (files.length === count && files.every((file) => file.state !== 'processing')) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    emit({ case: 'first check processed', ms: round(performance.now() - started, 0) })

    progress(`${NAME}: rescans`)
    const times: number[] = []
    let changes: Record<string, number> = {}
    for (let i = 0; i < 5; i++) {
      started = performance.now()
      changes = (await call(server, 'POST', `/api/collections/${id}/folder/check`)).changes as Record<
        string,
        number
      >
      times.push(performance.now() - started)
    }
    emit({
      case: 'rescan unchanged',
      ms: round(median(times), 0),
      added: changes.added!,
      updated: changes.updated!,
      unchanged: changes.unchanged!,
    })

    await appendFile(join(folder, 'set-7', 'note-7.md'), '\nA line added later: the heron came back.\n')
    started = performance.now()
    changes = (await call(server, 'POST', `/api/collections/${id}/folder/check`)).changes as Record<
      string,
      number
    >
    emit({
      case: 'rescan one changed',
      ms: round(performance.now() - started, 0),
      added: changes.added!,
      updated: changes.updated!,
      unchanged: changes.unchanged!,
    })
    if (changes.updated !== 1 || changes.unchanged !== count - 1) {
      throw new Error(`${NAME}: one changed file should update one document, got ${JSON.stringify(changes)}`)
    }
  } finally {
    await server?.close()
    await rm(top, { recursive: true, force: true })
  }
}

export const folder = lineBenchmark(NAME, (reporter) => measureFolder(reporter))
