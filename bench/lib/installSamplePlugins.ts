import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { buildSamplePlugins } from '../../scripts/buildSamplePlugins.mjs'

/** The sample plugins (`plugins/`), each with the one module it has: `[plugin slug, module name]`. */
export const SAMPLE_MODULES = [
  ['QuireNotes', 'Notes'],
  ['QuireCollections', 'CollectionOverview'],
  ['QuireFollower', 'CollectionFollower'],
] as const

/**
 * Builds the sample plugins into a temp dir (as `scripts/buildSamplePlugins.mjs` builds the server's
 * catalog) and installs each through the page's in-browser API (`POST /api/v1/plugins/install`, method
 * upload), as the plugin manager's upload does. Throws on any answer but 200.
 */
export async function installSamplePlugins(page: Page, progress: (message: string) => void): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'quire-bench-samples-'))
  try {
    progress('building the sample plugins')
    await buildSamplePlugins({ outDir, force: true, log: () => undefined })
    for (const [slug] of SAMPLE_MODULES) {
      const bytes = await readFile(join(outDir, `${slug}-1.0.0.zip`))
      const status = await page.evaluate(
        async ({ base64, name }) => {
          const form = new FormData()
          const file = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          form.append('method', 'upload')
          form.append('file', new Blob([file], { type: 'application/zip' }), name)
          return (await fetch('/api/v1/plugins/install', { method: 'POST', body: form })).status
        },
        { base64: bytes.toString('base64'), name: `${slug}.zip` },
      )
      if (status !== 200) throw new Error(`installing ${slug} answered ${status}`)
    }
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
