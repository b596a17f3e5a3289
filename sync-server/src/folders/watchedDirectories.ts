import type { Dirent } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { timeSlicer } from '../../../web/core/kernel/time/timeSlicer'

/**
 * The directories of a followed folder, itself first, as its listing walks them (no hidden folder, no
 * link), breadth first; undefined when there are more than `max` (the folder is then checked by the
 * timer alone), or when the folder is not there. One `readdir` a directory, no `stat`.
 */
export async function watchedDirectories(root: string, max: number): Promise<string[] | undefined> {
  const found = [root]
  const slice = timeSlicer()
  for (let at = 0; at < found.length; at++) {
    let children: Dirent[]
    try {
      children = await readdir(found[at]!, { withFileTypes: true })
    } catch {
      if (at === 0) return undefined
      continue // removed meanwhile: the check it causes walks again
    }
    for (const child of children) {
      if (child.name.startsWith('.') || !child.isDirectory()) continue
      if (found.length >= max) return undefined
      found.push(join(found[at]!, child.name))
    }
    await slice()
  }
  return found
}
