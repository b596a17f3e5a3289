import { ApiError } from '../../kernel/ApiError'
import { DEFAULT_PACKAGE_LIMITS, type PackageLimits } from './PackageLimits'
import { notAnArchive } from './packageErrors'
import type { PackageFile, PluginPackage } from './PluginPackage'
import { readPackageManifest } from './readPackageManifest'
import { stripTopFolder } from './stripTopFolder'
import { UnpackBudget } from './UnpackBudget'
import { unpackTarGz } from './unpackTarGz'
import { unpackZip } from './unpackZip'

export { DEFAULT_PACKAGE_LIMITS, type PackageLimits }

/**
 * Unpacks a .zip or .tar.gz/.tgz (sniffed from the bytes, not the name) as hostile input: refuses
 * `..`, absolute paths, links, device files, too many or too large files, a compression ratio above
 * the limit (checked while inflating: a bomb is stopped, never fully inflated), a missing or malformed
 * plugin.json / lifecycle_manager.py. Reads the manifest with readLifecycleManager when there is no
 * plugin.json. Does NOT validate the manifest (validateManifest does) and does NOT check the bundle
 * (requireBundle does). Throws ApiError 400 (not an archive, broken archive, unsafe entry, limits) or
 * 422 (manifest problems), each detail naming the rule and the entry.
 */
export async function readPluginPackage(
  bytes: Uint8Array,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): Promise<PluginPackage> {
  const budget = new UnpackBudget(limits)
  let unpacked
  if (isZip(bytes)) unpacked = unpackZip(bytes, budget)
  else if (bytes[0] === 0x1f && bytes[1] === 0x8b) unpacked = unpackTarGz(bytes, budget)
  else throw notAnArchive()
  const files = stripTopFolder(unpacked)
  return { ...readPackageManifest(files), files }
}

// A zip starts with a local file header, or with its end record when it is empty.
function isZip(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  )
}

/** The bundle file `bundle_location` names; throws 422 on plugin_data.bundle_location when the package
 *  does not hold it (or holds it empty). A leading "./" or "/" is allowed, as authors write both. */
export function requireBundle(pkg: PluginPackage, bundleLocation: string): PackageFile {
  const wanted = bundleLocation.replace(/^(\.?\/)+/, '')
  const file = pkg.files.find((candidate) => candidate.path === wanted)
  if (file && file.bytes.length > 0) return file
  throw ApiError.unprocessable([
    {
      loc: ['body', 'plugin_data', 'bundle_location'],
      msg: file
        ? `The bundle ${JSON.stringify(bundleLocation)} is empty`
        : `The package holds no bundle at ${JSON.stringify(bundleLocation)} (bundle_location)`,
      type: 'value_error',
    },
  ])
}
