import { buildSamplePlugins, DEFAULT_OUT_DIR } from '../../scripts/buildSamplePlugins.mjs'

/**
 * The folder holding the sample plugins' release archives (`<Slug>-<version>.zip`): `dist-plugins/`, as
 * `npm run build` (run by `npm run test:browser` first) leaves it. It is built again here only when its
 * stamp does not match the hash of the plugins' sources, so a spec always installs archives of the current
 * sources, and the specs share one webpack build instead of each running its own (10 s apiece on a quiet
 * machine, 40 s on a loaded one). Specs read the archives and must not change or remove them.
 */
export async function samplePluginsDir(): Promise<string> {
  await buildSamplePlugins()
  return DEFAULT_OUT_DIR
}
