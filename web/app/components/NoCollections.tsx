import './noCollections.css'
import { EmptyState } from '../ui/EmptyState'

/** The first-run Collections page: says what a collection is for and offers to make one. */
export function NoCollections(props: { onCreate: () => void }) {
  return (
    <EmptyState
      title="No collections yet"
      illustration={
        <div class="empty-illustration" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      }
      text="A collection groups documents you want to ask questions about: papers for a project, manuals, notes. Everything stays in this browser."
      action={
        <button type="button" class="button button-primary" onClick={() => props.onCreate()}>
          Create your first collection
        </button>
      }
    />
  )
}
