/** How much a plugin package may hold once unpacked. Every limit is checked while unpacking, so a
 *  package past one is refused before the rest of it is inflated. */
export interface PackageLimits {
  /** Files (folders and archive metadata not counted). */
  maxFiles: number
  /** All files together, unpacked. */
  maxTotalBytes: number
  /** One file, unpacked. */
  maxFileBytes: number
  /** Unpacked bytes per compressed byte, for one entry and for the whole archive. */
  maxRatio: number
}

const MB = 1024 * 1024

// A real plugin is a bundle of a few chunks and assets (BrainDrive's own are well under 10 MB); these
// leave room for big ones and still keep a hostile package from filling a phone's storage. Minified
// JavaScript deflates some 3-5 times, source maps and JSON 5-10 times; 100 is far past any of them
// and far below a compression bomb (zeros deflate about 1,000 times).
export const DEFAULT_PACKAGE_LIMITS: PackageLimits = Object.freeze({
  maxFiles: 2000,
  maxTotalBytes: 100 * MB,
  maxFileBytes: 50 * MB,
  maxRatio: 100,
})

/** Below this many unpacked bytes the ratio is not checked: a small, very repetitive file (a blank
 *  image, a padded JSON) may deflate past the ratio and is harmless at that size. */
export const RATIO_GRACE_BYTES = 1 * MB
