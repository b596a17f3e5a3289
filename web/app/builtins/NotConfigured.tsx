/** A built-in module whose config lacks what it needs: which setting to fill in the page's designer. */
export function NotConfigured(props: { module: string; field: string }) {
  return (
    <div class="panel builtin-not-configured" role="note">
      <p class="panel-detail">
        This {props.module} module has no collection yet: set its <code>{props.field}</code> in the page’s
        designer.
      </p>
    </div>
  )
}
