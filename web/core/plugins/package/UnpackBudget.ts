import { type PackageLimits, RATIO_GRACE_BYTES } from './PackageLimits'
import { formatBytes, overLimit, unsafeEntry } from './packageErrors'

/** A file taken out of an archive, before the top folder is stripped. */
export interface UnpackedFile {
  path: string
  bytes: Uint8Array
}

/**
 * What one unpacking has used of its PackageLimits. Both archive readers call it as they go — for each
 * file before its bytes are inflated (with the size its header declares) and for every inflated chunk
 * — so a package is refused at the first entry or chunk past a limit, never after inflating it all.
 */
export class UnpackBudget {
  private files = 0
  private declaredTotal = 0
  private entries = 0
  private readonly paths = new Set<string>()

  constructor(readonly limits: PackageLimits) {}

  /**
   * Counts an archive entry of any kind (file, folder, tar metadata) so that a flood of entries that
   * are not files is refused too. A package of `maxFiles` files has at most a folder and a pax header
   * per file besides.
   */
  countEntry(): void {
    const maxEntries = this.limits.maxFiles * 4 + 100
    if (++this.entries > maxEntries) {
      throw overLimit(
        'maxFiles',
        `it holds more than ${maxEntries} entries (files, folders and archive metadata)`,
      )
    }
  }

  /**
   * Admits a file about to be unpacked: a path not seen before, within the file count, with a declared
   * size within the per-file and total limits. The readers then hold it to that declared size.
   */
  admitFile(name: string, path: string, declaredSize: number): void {
    if (this.paths.has(path)) throw unsafeEntry(name, `the package holds "${path}" more than once`)
    this.paths.add(path)
    if (++this.files > this.limits.maxFiles) {
      throw overLimit('maxFiles', `it holds more than ${this.limits.maxFiles} files`)
    }
    if (declaredSize > this.limits.maxFileBytes) {
      throw overLimit(
        'maxFileBytes',
        `${JSON.stringify(path)} is ${formatBytes(declaredSize)} unpacked, more than ${formatBytes(this.limits.maxFileBytes)}`,
      )
    }
    this.declaredTotal += declaredSize
    if (this.declaredTotal > this.limits.maxTotalBytes) {
      throw overLimit(
        'maxTotalBytes',
        `its files add up to more than ${formatBytes(this.limits.maxTotalBytes)} unpacked (reached at ${JSON.stringify(path)})`,
      )
    }
  }

  /**
   * Refuses `inflated` bytes made from `compressed` bytes when they are past the ratio limit (once past
   * RATIO_GRACE_BYTES). `what` names the entry, or the archive.
   */
  checkRatio(inflated: number, compressed: number, what: string): void {
    if (inflated <= RATIO_GRACE_BYTES) return
    if (inflated > compressed * this.limits.maxRatio) {
      throw overLimit(
        'maxRatio',
        `${what} expands more than ${this.limits.maxRatio} times its compressed size (a compression bomb?); stopped after ${formatBytes(inflated)}`,
      )
    }
  }
}
