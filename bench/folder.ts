import { mkdir, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type RunningServer } from '../sync-server/src/startServer'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
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

export interface FolderLine extends BenchLine {
  case: 'first check' | 'first check processed' | 'rescan unchanged' | 'rescan one changed'
  files: number
  ms: number
  /** What the check changed (rescans). */
  added?: number
  updated?: number
  unchanged?: number
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
 * A folder of FOLDER_BENCH_FILES (default 2,000) files followed on the sync server (SQLite, hash-v1):
 * corpus Markdown and HTML cut into notes of a few paragraphs, each with its own line, in 20 subfolders.
 * Times the first check (`PUT .../folder`: listed, read, hashed, documents added) and until every
 * document is processed, a rescan with nothing changed (the median of 5; goal under 2 s) and a rescan
 * after one file changed (it must update that one file only).
 */
export async function measureFolder(reporter: LineReporter<FolderLine>): Promise<FolderLine[]> {
  const count = Number(process.env.FOLDER_BENCH_FILES ?? 2000)
  const lines: FolderLine[] = []
  const emit = (fields: Omit<FolderLine, 'benchmark' | 'node' | 'date' | 'files'>) => {
    const line: FolderLine = {
      benchmark: NAME,
      files: count,
      ...fields,
      node: process.version,
      date: new Date().toISOString(),
    }
    lines.push(line)
    reporter.emit(line)
  }
  const top = await mkdtemp(join(tmpdir(), 'quire-bench-folder-'))
  const root = join(top, 'root')
  const notes = join(root, 'notes')
  let server: RunningServer | undefined
  try {
    const paragraphs = (
      await Promise.all(
        SOURCES.map(async (path) => (await readFile(corpusFile(path), 'utf8')).split(/\n\s*\n/u)),
      )
    ).flat()
    reporter.progress(`${NAME}: writing ${count} files`)
    for (let i = 0; i < count; i++) {
      const dir = join(notes, `set-${i % 20}`)
      if (i < 20) await mkdir(dir, { recursive: true })
      const start = (i * 7) % Math.max(1, paragraphs.length - 4)
      const body = paragraphs.slice(start, start + 4).join('\n\n')
      await writeFile(join(dir, `note-${i}.md`), `# Note ${i}\n\n${body}\n\nThis is note number ${i}.\n`)
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

    reporter.progress(`${NAME}: first check`)
    let started = performance.now()
    await call(server, 'PUT', `/api/collections/${id}/folder`, { path: notes })
    emit({ case: 'first check', ms: round(performance.now() - started, 0) })
    for (;;) {
      const status = await call(server, 'GET', `/api/collections/${id}/folder`)
      const files = status.files as Array<{ state: string }>
      if (files.length === count && files.every((file) => file.state !== 'processing')) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    emit({ case: 'first check processed', ms: round(performance.now() - started, 0) })

    reporter.progress(`${NAME}: rescans`)
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

    await appendFile(join(notes, 'set-7', 'note-7.md'), '\nA line added later: the heron came back.\n')
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
    return lines
  } finally {
    await server?.close()
    await rm(top, { recursive: true, force: true })
  }
}

export const folder = lineBenchmark(NAME, (reporter) => measureFolder(reporter))
