/**
 * A built-in module with no collection to work on yet: it follows the collection chosen in a Collections
 * module on the page, or the one its settings name in the page's designer.
 */
export function NotConfigured(props: { module: string }) {
  return (
    <div class="panel builtin-not-configured" role="note">
      <p class="panel-detail">
        This {props.module} module has no collection yet: choose one in a Collections module on this page, or
        set its Collection in the page’s designer.
      </p>
    </div>
  )
}

/** A built-in module whose collection was deleted: say so plainly, and where to choose another. */
export function MissingCollection(props: { module: string }) {
  return (
    <div class="panel builtin-missing" role="alert">
      <p class="panel-title">This {props.module} module’s collection no longer exists</p>
      <p class="panel-detail">
        It was deleted. Choose another collection for this module in the page’s designer.
      </p>
    </div>
  )
}
