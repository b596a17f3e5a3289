/**
 * What each permission of `plugin_data.permissions` lets a plugin do, in plain words, as Quire's runtime
 * enforces it (DESIGN.md section 7). The names are the spec's common ones; a plugin may ask for others,
 * which Quire does not grant anything for, and says so.
 */
const PERMISSIONS: Readonly<Record<string, string>> = {
  'api.access':
    'Read and change your Quire data through the app’s API (collections, documents, pages, settings), with your rights',
  'storage.read': 'Read the data it saved for itself (its plugin state)',
  'storage.write': 'Save and change data of its own (its plugin state)',
  'network.request': 'Send requests to websites outside Quire',
  'file.access': 'Work with files you give it',
  'notification.send': 'Show you notifications',
}

export interface PermissionLine {
  name: string
  text: string
  /** A permission Quire does not know: it grants nothing for it. */
  unknown: boolean
}

/** Each permission once, in the order asked, with its sentence. */
export function describePermissions(permissions: readonly unknown[] | null | undefined): PermissionLine[] {
  const seen = new Set<string>()
  const lines: PermissionLine[] = []
  for (const permission of permissions ?? []) {
    if (typeof permission !== 'string' || permission.trim() === '' || seen.has(permission)) continue
    seen.add(permission)
    const text = PERMISSIONS[permission]
    lines.push(
      text === undefined
        ? { name: permission, text: 'Not a permission Quire knows: it allows nothing here', unknown: true }
        : { name: permission, text, unknown: false },
    )
  }
  return lines
}

/** Every permission a plugin may ask for, for a source Quire cannot look into before installing (a URL). */
export function everyPermission(): PermissionLine[] {
  return describePermissions(Object.keys(PERMISSIONS))
}
