import { MissingScreen } from '../ui/MissingScreen'

/** A collection URL whose collection does not exist (deleted, or on another device and not synced here). */
export function CollectionNotFound() {
  return (
    <MissingScreen
      title="Collection not found"
      titleId="collection-missing-title"
      lead="There is no such collection in this browser. It may have been deleted, or the link is mistyped."
    />
  )
}
