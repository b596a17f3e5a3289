import { createSignal, Show } from 'solid-js'
import type { ConflictView } from './conflictsApi'
import { conflictHeading, conflictValueText, deviceText } from './conflictText'
import { formatExactTime, formatRelativeTime } from './syncStatusText'

/**
 * One conflict: the value kept everywhere and the one it replaced, each with who wrote it and when, and
 * the two ways out. Both buttons carry the conflict's name for screen readers (several conflicts each
 * have a "Keep current").
 */
export function ConflictItem(props: {
  conflict: ConflictView
  now: number
  busy: boolean
  onRestore: () => void
  onDismiss: () => void
}) {
  const heading = () => conflictHeading(props.conflict)
  return (
    <li class="conflict">
      <h3 class="conflict-title">{heading()}</h3>
      <dl class="conflict-values">
        <ConflictSide label="Kept" side={props.conflict.current} now={props.now} />
        <ConflictSide label="Replaced" side={props.conflict.lost} now={props.now} />
      </dl>
      <div class="conflict-actions">
        <button
          type="button"
          class="button button-small"
          aria-disabled={props.busy}
          onClick={() => props.busy || props.onRestore()}
        >
          Use this instead
          <span class="visually-hidden"> (the replaced value of {heading()})</span>
        </button>
        <button
          type="button"
          class="button button-small button-quiet"
          aria-disabled={props.busy}
          onClick={() => props.busy || props.onDismiss()}
        >
          Keep current
          <span class="visually-hidden"> (value of {heading()})</span>
        </button>
      </div>
    </li>
  )
}

function ConflictSide(props: { label: string; side: ConflictView['current']; now: number }) {
  const text = () => conflictValueText(props.side)
  const [expanded, setExpanded] = createSignal(false)
  return (
    <div class="conflict-side">
      <dt>{props.label}</dt>
      <dd>
        <Show when={text()} keyed>
          {(value) =>
            value.kind === 'placeholder' ? (
              <span class="conflict-placeholder">{value.text}</span>
            ) : (
              <>
                {value.kind === 'json' ? (
                  <code class="conflict-json">{expanded() ? value.text : (value.preview ?? value.text)}</code>
                ) : (
                  <span class="conflict-text">{expanded() ? value.text : (value.preview ?? value.text)}</span>
                )}
                <Show when={value.preview}>
                  {' '}
                  <button
                    type="button"
                    class="conflict-expand"
                    aria-expanded={expanded()}
                    onClick={() => setExpanded(!expanded())}
                  >
                    {expanded() ? 'Show less' : 'Show all'}
                    <span class="visually-hidden"> of the {props.label.toLowerCase()} value</span>
                  </button>
                </Show>
              </>
            )
          }
        </Show>
        <span class="conflict-meta">
          from {deviceText(props.side.device)},{' '}
          <time datetime={props.side.at} title={formatExactTime(props.side.at)}>
            {formatRelativeTime(props.side.at, props.now)}
          </time>
        </span>
      </dd>
    </div>
  )
}
