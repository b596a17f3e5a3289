import { useLocation } from '@tanstack/solid-router'
import { MissingScreen } from '../ui/MissingScreen'

/** For any URL no route matches. */
export function NotFound() {
  const location = useLocation()
  return (
    <MissingScreen
      title="Page not found"
      titleId="not-found-title"
      lead={
        <>
          There is nothing at <code>{location().pathname}</code>. It may have moved, or the link is mistyped.
        </>
      }
    />
  )
}
