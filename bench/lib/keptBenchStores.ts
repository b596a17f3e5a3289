import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** What a kept run left for the next: the server's port (the page's origin, so its IndexedDB) and the folders. */
export interface KeptBenchState {
  /** The folder's size when it was processed; another size is refused, not mixed. */
  documents: number
  paragraphs: number
  port: number
  server: { collectionId: string; passages: number }
  page: { collectionId: string; passages: number }
}

/** Where a kept run keeps its stores: the server's DATA_DIR, Chromium's profile, and what they hold. */
export interface KeptBenchStores {
  dataDir: string
  profileDir: string
  /** Null until a run has processed the folder into these stores. */
  state: KeptBenchState | null
  save(state: KeptBenchState): Promise<void>
}

/**
 * Opens (creating) the folder `keep` for a benchmark that reuses processed stores between runs: the server's
 * data in `server/`, Chromium's profile in `chromium/`, and `state.json` once the folder has been processed.
 * A state of another size than `size`, or stores without a state (a run stopped while processing), throw
 * (remove the folder to start again).
 */
export async function keptBenchStores(
  keep: string,
  size: { documents: number; paragraphs: number },
): Promise<KeptBenchStores> {
  const root = resolve(keep)
  const dataDir = join(root, 'server')
  const profileDir = join(root, 'chromium')
  const statePath = join(root, 'state.json')
  await mkdir(dataDir, { recursive: true })
  await mkdir(profileDir, { recursive: true })
  const state = await readFile(statePath, 'utf8').then(
    (text) => JSON.parse(text) as KeptBenchState,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null
      throw error
    },
  )
  // A run stopped before it saved its state left half-processed stores: processing again would add a
  // second collection beside them.
  if (!state && (await readdir(dataDir)).length > 0)
    throw new Error(`${root} holds stores of a run that did not finish processing: remove it`)
  if (state && (state.documents !== size.documents || state.paragraphs !== size.paragraphs))
    throw new Error(
      `${root} holds ${state.documents} documents of ${state.paragraphs} paragraphs, not ` +
        `${size.documents} of ${size.paragraphs}: remove it to process this size`,
    )
  return {
    dataDir,
    profileDir,
    state,
    save: (next) => writeFile(statePath, JSON.stringify(next, null, 2)),
  }
}
