/** A test's stand-in for the picker (Playwright cannot answer the native dialog): returns an OPFS folder. */
declare global {
  interface Window {
    __quirePickFolder?: () => Promise<FileSystemDirectoryHandle>
    showDirectoryPicker?: (options?: { id?: string; mode?: 'read' }) => Promise<FileSystemDirectoryHandle>
  }
}

/** Whether this browser can follow a folder (Chromium, Edge: the File System Access API). */
export function canFollowFolders(): boolean {
  return typeof window.__quirePickFolder === 'function' || typeof window.showDirectoryPicker === 'function'
}

/** Asks the person for a folder; undefined when they cancel the picker. */
export async function pickFolder(): Promise<FileSystemDirectoryHandle | undefined> {
  try {
    if (window.__quirePickFolder) return await window.__quirePickFolder()
    return await window.showDirectoryPicker!({ id: 'quire-follow', mode: 'read' })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined
    throw error
  }
}

/** Asks again for permission to read a picked folder (needs the click that calls it). */
export async function allowFolderAgain(handle: FileSystemDirectoryHandle): Promise<boolean> {
  const withPermission = handle as FileSystemDirectoryHandle & {
    requestPermission?: (descriptor: { mode: 'read' }) => Promise<PermissionState>
  }
  if (!withPermission.requestPermission) return true
  return (await withPermission.requestPermission({ mode: 'read' })) === 'granted'
}
