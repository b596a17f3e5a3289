import type { ConflictView } from './conflictsApi'

/** Past this many characters a value is cut, with an expander to show the rest. */
export const VALUE_PREVIEW_CHARS = 200

/** How one side of a conflict reads: plain text, compact JSON (in a code block), or a placeholder. */
export type ConflictValueText =
  { kind: 'placeholder'; text: string } | { kind: 'text' | 'json'; text: string; preview: string | undefined }

/**
 * The value of one side in words. Values are whatever the field held (any JSON): strings are shown as
 * they are, numbers and booleans as text, objects and arrays as compact JSON; nothing there reads
 * "(removed)" when the write removed the field, "(empty)" for null or an empty string. `preview` is
 * set when the text is too long to show whole at first.
 */
export function conflictValueText(side: ConflictView['current']): ConflictValueText {
  if (side.removed) return { kind: 'placeholder', text: '(removed)' }
  const value = side.value
  if (value === null || value === undefined || value === '') return { kind: 'placeholder', text: '(empty)' }
  if (typeof value === 'string') return withPreview('text', value)
  if (typeof value === 'number' || typeof value === 'boolean') return withPreview('text', String(value))
  return withPreview('json', JSON.stringify(value))
}

function withPreview(kind: 'text' | 'json', text: string): ConflictValueText {
  if (text.length <= VALUE_PREVIEW_CHARS) return { kind, text, preview: undefined }
  // Cut at a code point boundary, never inside a surrogate pair (an emoji would show as garbage).
  const preview = Array.from(text.slice(0, VALUE_PREVIEW_CHARS + 1))
    .slice(0, VALUE_PREVIEW_CHARS)
    .join('')
  return { kind, text, preview: `${preview.trimEnd()}…` }
}

/** The conflict's heading: what it is, the thing's name where it has one, and the field. */
export function conflictHeading(conflict: Pick<ConflictView, 'what' | 'title' | 'field'>): string {
  const what = conflict.what.charAt(0).toUpperCase() + conflict.what.slice(1)
  return conflict.title ? `${what} “${conflict.title}”: ${conflict.field}` : `${what}: ${conflict.field}`
}

/**
 * Which device wrote a side. This device's own sync id is not exposed, so devices are told apart by a
 * short form of their id (enough to see that the two sides came from different ones).
 */
export function deviceText(device: string): string {
  if (device === 'server') return 'the server'
  if (!device) return 'an unknown device'
  return `device ${device.replace(/-/g, '').slice(0, 6)}`
}

/**
 * Timestamps the app writes itself on every change. Two renames also race on `updated_at`, and the API
 * lists that as a conflict of its own; nobody wants an old "last changed" time back, so it is not
 * shown. (Better left out by `conflictViews` itself; until then the list hides them.)
 */
