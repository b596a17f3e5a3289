import { existsSync } from 'node:fs'
import { readlink, realpath, stat, type FileHandle } from 'node:fs/promises'

/** Linux names each open descriptor's file in `/proc/self/fd`; elsewhere paths are resolved again. */
export const PROC_FD = existsSync('/proc/self/fd')

/**
 * Where an open file or directory really is. On Linux the kernel's own answer for the descriptor
 * (`/proc/self/fd/N`): a link swapped in after the open cannot make it name another file. Elsewhere
 * `path` resolved again, trusted only when it leads to the descriptor's own device and inode.
 * Undefined when neither can say (the file moved or is gone); a deleted file's name ends " (deleted)".
 */
export async function descriptorPath(handle: FileHandle, path: string): Promise<string | undefined> {
  try {
    if (PROC_FD) return await readlink(`/proc/self/fd/${handle.fd}`)
    const [real, opened] = await Promise.all([realpath(path), handle.stat({ bigint: true })])
    const there = await stat(real, { bigint: true })
    return there.dev === opened.dev && there.ino === opened.ino ? real : undefined
  } catch {
    return undefined
  }
}

/**
 * The path that reaches what `handle` has open (a directory: its entries below it) without resolving
 * any path again: `/proc/self/fd/N` on Linux, `path` elsewhere.
 */
export function descriptorBase(handle: FileHandle, path: string): string {
  return PROC_FD ? `/proc/self/fd/${handle.fd}` : path
}
