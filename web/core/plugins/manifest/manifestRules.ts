/** Rules on single values of a manifest, shared by its schemas and its warnings. */

/** A plugin slug or module name: letters, digits, `-` and `_` (BrainDrive's own: `ServiceExample_Theme`). */
export function isSlug(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/.test(value)
}

/** PascalCase or camelCase, as the spec advises for slugs: letters and digits only. */
export function isPascalOrCamelCase(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*$/.test(value)
}

// The scope names a `var` container that the frame's page declares, so it must be usable as one.
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally ' +
    'for function if import in instanceof new null return super switch this throw true try typeof var void ' +
    'while with yield let static implements interface package private protected public await arguments eval'
  ).split(' '),
)

export function isJsIdentifier(value: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]{0,199}$/.test(value) && !RESERVED.has(value)
}

/** A path inside the package: relative, '/'-separated, no `..`, no drive letters or URL schemes. */
export function isPackagePath(value: string): boolean {
  if (
    value.length > 1024 ||
    value.startsWith('/') ||
    value.includes('\\') ||
    /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)
  )
    return false
  const segments = value.replace(/^\.\//, '').split('/')
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}

/** An http(s) URL: update checks and sources are fetched, so no other scheme is taken. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
