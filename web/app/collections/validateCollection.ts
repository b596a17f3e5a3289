import type { CollectionInput } from '../api/collectionsApi'
import { HEX_COLOUR } from './collectionColours'

export const NAME_MAX = 200
export const DESCRIPTION_MAX = 5000

export type CollectionErrors = Partial<Record<keyof CollectionInput, string>>

/**
 * The description a collection gets when the person leaves it empty. The API requires one (the REST
 * contract's `min length 1`); the form shows this as the field's placeholder and hint before it is sent,
 * so nothing is filled in behind the person's back.
 */
export function defaultDescription(name: string): string {
  const trimmed = name.trim()
  return trimmed ? `Documents about ${trimmed}` : 'Documents about this collection'
}

/** What the form sends: trimmed values, an empty description replaced by `defaultDescription`. */
export function collectionToSend(input: CollectionInput): CollectionInput {
  const name = input.name.trim()
  return { name, description: input.description.trim() || defaultDescription(name), color: input.color }
}

/**
 * Mirrors the API's rules (web/core/api/collections/collectionSchemas.ts) so that mistakes show while typing;
 * the API stays the authority and its `detail` is shown when it still says no. The description may be
 * left empty here: the form sends `defaultDescription` in its place.
 */
export function validateCollection(input: CollectionInput): CollectionErrors {
  const errors: CollectionErrors = {}
  const name = input.name.trim()
  const description = input.description.trim()
  if (!name) errors.name = 'Give the collection a name.'
  else if (name.length > NAME_MAX)
    errors.name = `Keep the name to ${NAME_MAX} characters (now ${name.length}).`
  // An empty description is allowed: `collectionToSend` fills in `defaultDescription`.
  if (description.length > DESCRIPTION_MAX) {
    errors.description = `Keep the description to ${DESCRIPTION_MAX} characters (now ${description.length}).`
  }
  if (input.color !== null && !HEX_COLOUR.test(input.color))
    errors.color = 'Pick a colour of the form #RRGGBB.'
  return errors
}

/** Which field a 400 `detail` such as `name: must not be empty` is about, if it names one. */
export function fieldOfDetail(detail: string): keyof CollectionInput | undefined {
  const field = /^(name|description|color)\b/.exec(detail)?.[1]
  return field === 'name' || field === 'description' || field === 'color' ? field : undefined
}
