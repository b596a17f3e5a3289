import { fileURLToPath } from 'node:url'
import { corpusDir } from '../../web/core/testing/corpusDir'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** The absolute path of a file of the shared corpus (CORPUS_DIR, else `../shared/corpus` beside the repo). */
export function corpusFile(relativePath: string): string {
  return `${corpusDir(process.env, repoRoot)}/${relativePath}`
}
