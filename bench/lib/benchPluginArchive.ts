import { zipSync } from 'fflate'
import { testManifest } from '../../web/core/api/platform/plugins/installTestPackages'

/**
 * A plugin package of about `megabytes` MB as a person would install it: a plugin.json, a small
 * Module Federation container and the rest incompressible bytes (images, fonts, source maps), stored
 * so the archive is as big as the files. Each `version` is its own package (an install of the same
 * slug and version twice is refused).
 */
export function benchPluginArchive(version: string, megabytes = 1): Uint8Array {
  const manifest = {
    plugin_data: testManifest({
      slug: 'BenchPlugin',
      version,
      plugin: {
        name: 'Bench Plugin',
        description: 'A plugin made for the install benchmark.',
        author: 'Quire bench',
      },
    }).plugin_data,
    module_data: [
      {
        name: 'Bench',
        display_name: 'Bench',
        layout: { minWidth: 2, minHeight: 2, defaultWidth: 4, defaultHeight: 3 },
      },
    ],
  }
  const container =
    'var BenchPlugin = { init: function () {}, get: function () { return Promise.resolve(function () { return {} }) } };\n'
  // Incompressible filler in a few files, as a real bundle's assets would be.
  const files: Record<string, [Uint8Array, { level: 0 }]> = {}
  const fillerBytes = Math.max(0, Math.round(megabytes * 1024 * 1024) - 4096)
  const parts = 8
  for (let i = 0; i < parts; i++) {
    const bytes = new Uint8Array(Math.ceil(fillerBytes / parts))
    for (let offset = 0; offset < bytes.length; offset += 65536) {
      crypto.getRandomValues(bytes.subarray(offset, Math.min(bytes.length, offset + 65536)))
    }
    files[`dist/assets/part-${i}.bin`] = [bytes, { level: 0 }]
  }
  return zipSync({
    'plugin.json': [new TextEncoder().encode(JSON.stringify(manifest, null, 2)), { level: 0 }],
    'dist/remoteEntry.js': [new TextEncoder().encode(container), { level: 0 }],
    ...files,
  })
}
