import { For, Match, Switch } from 'solid-js'
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
            {(table) => (
              <div class="passage-table-wrap">
                <table class="passage-table">
                  <thead>
                    <tr>
                      <For each={table().rows[0]}>{(cell) => <th scope="col">{marked(cell)}</th>}</For>
                    </tr>
                  </thead>
                  <tbody>
                    <For each={table().rows.slice(1)}>
                      {(row) => (
                        <tr>
                          <For each={row}>{(cell) => <td>{marked(cell)}</td>}</For>
                        </tr>
                      )}
                    </For>
                  </tbody>
                </table>
              </div>
            )}
          </Match>
        </Switch>
      )}
    </For>
  )
}
