import { For, type JSX } from 'solid-js'
import './rowsTable.css'

export interface RowsTableProps {
  /** Rows of cells, the header row first (as the parsers give a table's `rows`). */
  rows: readonly (readonly string[])[]
  /** Draws one cell's text (search marks the query's words); plain text when absent. */
  cell?: (text: string) => JSX.Element
}

/**
 * A document's table as a real table: its first row the column headers, the rest body rows. Cells are
 * text (never HTML), and a wide table scrolls sideways inside its own box rather than the page. Used
 * wherever a table from a document is shown: a passage (search, a chat's source) and a document preview.
 */
export function RowsTable(props: RowsTableProps) {
  const cell = (text: string) => (props.cell ? props.cell(text) : text)
  return (
    <div class="rows-table-wrap">
      <table class="rows-table">
        <thead>
          <tr>
            <For each={props.rows[0]}>{(text) => <th scope="col">{cell(text)}</th>}</For>
          </tr>
        </thead>
        <tbody>
          <For each={props.rows.slice(1)}>
            {(row) => (
              <tr>
                <For each={row}>{(text) => <td>{cell(text)}</td>}</For>
              </tr>
            )}
          </For>
        </tbody>
      </table>
    </div>
  )
}
