import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The files under `dir` (recursively: databases, their WAL and shared memory, blobs, key files) whose
 * bytes contain `text` as UTF-8, as paths relative to `dir`. Read while the server runs, the WAL still
 * holds the latest writes.
 */
export function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8')
  const found: string[] = []
  const walk = (at: string, relative: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name)
      const shown = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path, shown)
      else if (entry.isFile() && readFileSync(path).includes(needle)) found.push(shown)
    }
  }
  walk(dir, '')
  return found
}
