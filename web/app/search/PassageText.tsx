import { For, Match, Switch } from 'solid-js'
import { RowsTable } from '../components/RowsTable'
import { highlightTerms } from './highlightTerms'
import { passageSegments } from './passageSegments'
import './passageText.css'

export interface PassageTextProps {
  text: string
  /** The query whose words are marked (search results); none marks nothing. */
  query?: string
}

/**
 * A stored passage as a person reads it: its prose as text, and a table (a Word or Markdown table, kept
 * as one " | "-joined line per row) as a table, its first row the header. Built as elements, never as
 * HTML from the text, so nothing in a document can become markup.
 */
export function PassageText(props: PassageTextProps) {
  const marked = (text: string) => (
    <For each={highlightTerms(text, props.query ?? '')}>
      {(part) => (part.match ? <mark>{part.text}</mark> : part.text)}
    </For>
  )
  return (
    <For each={passageSegments(props.text)}>
      {(segment) => (
        <Switch>
          <Match when={segment.kind === 'text' && segment}>
            {(prose) => <div class="passage-prose">{marked(prose().text)}</div>}
          </Match>
          <Match when={segment.kind === 'table' && segment}>
            {(table) => <RowsTable rows={table().rows} cell={marked} />}
          </Match>
        </Switch>
      )}
    </For>
  )
}
