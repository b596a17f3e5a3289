import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { whyBuild } from '../../scripts/buildIfStale'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Builds the app (`npm run build`: `dist/` and `dist-plugins/`) when it is missing or older than its
 * sources, as `npm start` does, so that the benchmarks that open it in Chromium also run from a clean
 * clone. The build's output goes to stderr: stdout carries only result lines. Throws when it fails.
 */
export async function ensureBuiltApp(progress: (message: string) => void): Promise<void> {
  const reason = await whyBuild(repoRoot)
  if (!reason) return
  progress(`building the app first: ${reason}`)
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] })
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status ?? build.signal})`)
}
