import { gzipSync, strToU8, zipSync } from 'fflate'
import { tar, type TarEntry } from '../../../plugins/package/testArchives'

// Plugin packages for the install tests (unit, server and contract): a valid manifest, and .zip and
// .tar.gz archives built in memory with fflate, so no test needs a file or a download.

export interface TestPluginOptions {
  slug?: string
  version?: string
  /** Fields to add to or replace in plugin_data. */
  plugin?: Record<string, unknown>
}

/** A `{plugin_data, module_data}` that validates: one module, the bundle at dist/remoteEntry.js. */
export function testManifest(options: TestPluginOptions = {}): {
  plugin_data: Record<string, unknown>
  module_data: unknown[]
} {
  const slug = options.slug ?? 'QuireTestPlugin'
  return {
    plugin_data: {
      name: `${slug} name`,
      description: 'A plugin the install tests build',
      version: options.version ?? '1.0.0',
      plugin_slug: slug,
      type: 'frontend',
      category: 'utility',
      official: false,
      author: 'Quire tests',
      compatibility: '1.0.0',
      scope: slug,
      bundle_method: 'webpack',
      bundle_location: 'dist/remoteEntry.js',
      is_local: false,
      installation_type: 'remote',
      permissions: ['storage.read'],
      ...options.plugin,
    },
    module_data: [{ name: 'Greeting', display_name: 'Greeting', description: 'Says hello', tags: ['hello'] }],
  }
}

/**
 * Runtime services as a plugin's manifest declares them (top-level `required_services_runtime`): one that
 * Quire provides (BrainDrive's document chat, as Chat-With-Docs declares it) and one it does not run.
 */
export const declaredRuntimeServices = [
  {
    name: 'cwyd_service',
    source_url: 'https://github.com/BrainDriveAI/chat-with-your-documents',
    start_command: 'docker compose up -d',
    healthcheck_url: 'http://localhost:8000/health',
  },
  {
    name: 'vector_db',
    start_command: 'docker run qdrant',
    healthcheck_url: 'http://localhost:6333/health',
  },
]

/** The files of a test plugin: plugin.json and a (fake) bundle whose content names the version. */
export function testPluginFiles(options: TestPluginOptions = {}): Record<string, string> {
  return {
    'plugin.json': JSON.stringify(testManifest(options)),
    'dist/remoteEntry.js': `var ${options.slug ?? 'QuireTestPlugin'} = { version: '${options.version ?? '1.0.0'}' }`,
    'dist/shared.js': 'window.sharedChunk = true',
  }
}

/** A .zip of `files` (path -> text or bytes). */
export function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const [path, content] of Object.entries(files))
    entries[path] = typeof content === 'string' ? strToU8(content) : content
  return zipSync(entries, { mtime: new Date('2024-01-01T00:00:00Z') })
}

/** A .tar.gz of `files` under one top folder, as GitHub's source archives are (`repo-v1.0.0/...`). */
export function tarGzOf(
  files: Record<string, string | Uint8Array>,
  top = 'plugin-1.0.0',
  more: TarEntry[] = [],
): Uint8Array {
  const entries: TarEntry[] = Object.entries(files).map(([path, data]) => ({ name: `${top}/${path}`, data }))
  return gzipSync(tar([...entries, ...more]))
}

/** A valid test plugin as a .zip. */
export function testPluginZip(options: TestPluginOptions = {}): Uint8Array {
  return zipOf(testPluginFiles(options))
}
