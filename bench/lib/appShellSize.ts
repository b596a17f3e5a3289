import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface AppShellSize {
  /** The JavaScript files index.html loads or preloads, before any route's lazy chunk. */
  files: string[]
  gzip_bytes: number
  raw_bytes: number
}

/**
 * What a first visit must download of JavaScript before the app can run: the module scripts and
 * module preloads that the built index.html names (Vite lists the entry's static imports as
 * preloads), gzipped at level 9 as a server would send them. Lazy route chunks and workers are not
 * counted: they load when used.
 */
export function appShellSize(distDir: string): AppShellSize {
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: run \`npm run build\` first`)
  const html = readFileSync(indexPath, 'utf8')
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/gu),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/gu),
  ].map((match) => match[1]!)
  let gzipBytes = 0
  let rawBytes = 0
  for (const file of new Set(files)) {
    const bytes = readFileSync(join(distDir, file.replace(/^\//u, '')))
    rawBytes += bytes.length
    gzipBytes += gzipSync(bytes, { level: 9 }).length
  }
  return { files: [...new Set(files)], gzip_bytes: gzipBytes, raw_bytes: rawBytes }
}
