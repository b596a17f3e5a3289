import './emptyState.css'

/** The first-run Collections page: says what a collection is for and offers to make one. */
export function EmptyState(props: { onCreate: () => void }) {
  return (
    <div class="empty-state">
      <div class="empty-illustration" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <h2 class="empty-title">No collections yet</h2>
      <p class="empty-text">
        A collection groups documents you want to ask questions about: papers for a project, manuals, notes.
        Everything stays in this browser.
      </p>
      <button type="button" class="button button-primary" onClick={() => props.onCreate()}>
        Create your first collection
      </button>
    </div>
  )
}
