import { spawnSync } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** What the build reads: the app's sources, the sample plugins, their configuration and the lock file. */
export const BUILD_SOURCES = [
  'web',
  'index.html',
  'vite.config.ts',
  'plugins',
  'public',
  'package-lock.json',
  'scripts/buildSamplePlugins.mjs',
]

/** What the build writes last in each of its two steps (`npm run build`): the app's shell, the plugin catalog. */
export const BUILD_OUTPUTS = ['dist/index.html', 'dist-plugins/catalog.json']

interface Stamped {
  path: string
  mtimeMs: number
}

/** The most recently changed file under `paths` (files or folders), or undefined when there is none. */
export async function newestFile(root: string, paths: readonly string[]): Promise<Stamped | undefined> {
  let newest: Stamped | undefined
  const visit = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => undefined)
    if (!info) return
    if (info.isDirectory()) {
      for (const entry of await readdir(path)) if (entry !== 'node_modules') await visit(join(path, entry))
    } else if (!newest || info.mtimeMs > newest.mtimeMs) {
      newest = { path: relative(root, path), mtimeMs: info.mtimeMs }
    }
  }
  for (const path of paths) await visit(join(root, path))
  return newest
}

/**
 * Why the built app must be built again, or undefined when it is newer than everything it is built
 * from. `npm start` used to build every time (37 s); a source edited since the last build (or a pull,
 * or `npm ci`, which rewrites package-lock.json's installs) still rebuilds.
 */
export async function whyBuild(root: string): Promise<string | undefined> {
  let oldestOutput: Stamped | undefined
  for (const output of BUILD_OUTPUTS) {
    const info = await stat(join(root, output)).catch(() => undefined)
    if (!info) return `${output} is missing`
    if (!oldestOutput || info.mtimeMs < oldestOutput.mtimeMs)
      oldestOutput = { path: output, mtimeMs: info.mtimeMs }
  }
  const newest = await newestFile(root, BUILD_SOURCES)
  if (newest && oldestOutput && newest.mtimeMs > oldestOutput.mtimeMs)
    return `${newest.path} is newer than ${oldestOutput.path}`
  return undefined
}

/** `npm start`'s first step: builds (`npm run build`) only when the built app is older than its sources. */
async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const reason = await whyBuild(root)
  if (!reason) {
    console.log('The built app is newer than its sources: not building (npm run build forces a build).')
    return
  }
  console.log(`Building the app: ${reason}.`)
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  process.exit(build.status ?? 1)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
