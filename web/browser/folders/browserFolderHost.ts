import { ApiError } from '../../core/kernel/ApiError'
import type { FolderHost } from '../../core/folders/FolderHost'
import { FolderMissingError, type FolderPort } from '../../core/folders/FolderPort'
import { loadFolderHandle } from './folderHandles'
import { HandleFolder } from './HandleFolder'

/**
 * The browser's folders: picked by the person (`followFolderHandle` on the API worker), never named by
 * a path, so `PUT .../folder` is refused here. A followed folder is found again by its collection's id
 * (the record's `path`), which keys its handle.
 */
export function browserFolderHost(): FolderHost {
  return {
    roots: async () => [],
    open: () =>
      Promise.reject(
        new ApiError(
          400,
          'In the browser a folder is picked, not named: use "Follow a folder" on the collection',
        ),
      ),
    reopen(key): FolderPort {
      let folder: HandleFolder | undefined
      return {
        async list() {
          const handle = await loadFolderHandle(key)
          if (!handle) throw new FolderMissingError('The folder was not found on this device')
          folder = new HandleFolder(handle)
          return folder.list()
        },
        read: (path) => (folder ? folder.read(path) : Promise.reject(new Error('listed first'))),
      }
    },
  }
}
