import { For, Show, type JSX } from 'solid-js'

/** A column heading: its text, or `{ hidden }` for a column only screen readers name (a row's actions). */
export type ScrollTableColumn = string | { hidden: string }

export interface ScrollTableProps {
  /** The table's own classes (`params`, `eval-table eval-history`...): each feature styles its table. */
  class: string
  columns: readonly ScrollTableColumn[]
  /** Names the table as a caption that only screen readers read... */
  caption?: string
  /** ...or as an `aria-label`, where the table sits under a visible heading of its own. */
  label?: string
  /** The body rows (`<tr>`s). */
  children: JSX.Element
}

/**
 * A table of records inside its own scrolling box (`.table-scroll`), so a wide one scrolls sideways rather
 * than the page, with one row of column headings. The app's tables of things (an operation's parameters, a
 * schema's fields, evaluation runs and results) differ only in their columns and rows.
 */
export function ScrollTable(props: ScrollTableProps) {
  return (
    <div class="table-scroll">
      <table class={props.class} aria-label={props.label}>
        <Show when={props.caption}>
          <caption class="visually-hidden">{props.caption}</caption>
        </Show>
        <thead>
          <tr>
            <For each={props.columns}>
              {(column) => (
                <th scope="col">
                  {typeof column === 'string' ? column : <span class="visually-hidden">{column.hidden}</span>}
                </th>
              )}
            </For>
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  )
}
