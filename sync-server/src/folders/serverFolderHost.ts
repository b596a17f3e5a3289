import type { FolderHost } from '../../../web/core/folders/FolderHost'
import { FolderMissingError, type FolderPort } from '../../../web/core/folders/FolderPort'
import { resolveFolder, rootsOf, type RootPerson } from './folderRoots'
import { NodeFolder } from './NodeFolder'

/**
 * The folders one person may follow on this server: inside FOLDER_ROOTS, `{user}`, `{username}` and
 * `{email}` being theirs, so another person's root is outside theirs. The person is read at each use
 * (`person`), so a changed username moves their `{username}` root at once. A followed folder is
 * checked against the roots again at every check (the operator may have changed them, a folder may
 * have become a link, the person renamed): one no longer allowed, or gone, lists as missing.
 */
export function serverFolderHost(roots: readonly string[], person: () => Promise<RootPerson>): FolderHost {
  const mine = async () => rootsOf(roots, await person())
  return {
    roots: mine,
    open: async (path) => new NodeFolder(await resolveFolder(await mine(), path)),
    reopen(path): FolderPort {
      let folder: NodeFolder | undefined
      return {
        async list() {
          try {
            folder = new NodeFolder(await resolveFolder(await mine(), path))
          } catch {
            throw new FolderMissingError()
          }
          return folder.list()
        },
        read: (file) => {
          if (!folder) return Promise.reject(new Error('listed first'))
          return folder.read(file)
        },
      }
    },
  }
}
