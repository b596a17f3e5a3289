/** Shown by routes whose loader takes a while; `role=status` so the wait is announced, once. */
export function LoadingPanel(props: { label: string }) {
  return (
    <div class="panel panel-loading" role="status">
      <span class="spinner" aria-hidden="true" />
      <span>{props.label}</span>
    </div>
  )
}
