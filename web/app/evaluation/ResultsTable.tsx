import { For, Show } from 'solid-js'
import type { EvaluationResult } from '../api/evaluationApi'
import { ScrollTable } from '../ui/ScrollTable'
import { formatAccuracy } from './formatAccuracy'

/** Each judged question: the answer given, the verdict, and the judge's reasoning behind a disclosure. */
export function ResultsTable(props: { results: readonly EvaluationResult[] }) {
  return (
    <ScrollTable
      class="eval-table"
      caption="Results per question"
      columns={['#', 'Question', 'Answer', 'Correct?', 'Confidence', 'Chunks used']}
    >
      <For each={props.results}>
        {(result, index) => (
          <tr class={result.is_correct ? 'eval-row-correct' : 'eval-row-incorrect'}>
            <td class="eval-number">{index() + 1}</td>
            <th scope="row" class="eval-question">
              {result.question}
              <Show when={result.category}>
                <span class="field-tag">{result.category}</span>
              </Show>
            </th>
            <td class="eval-answer">
              <p>{result.answer}</p>
              <details class="eval-details">
                <summary>Reasoning</summary>
                <Show when={result.ground_truth !== null}>
                  <p>
                    <strong>Expected:</strong> {result.ground_truth}
                  </p>
                </Show>
                <p>{result.reasoning ?? 'The judge gave no reasoning.'}</p>
              </details>
            </td>
            <td>
              <span class={`eval-verdict ${result.is_correct ? 'eval-verdict-yes' : 'eval-verdict-no'}`}>
                {result.is_correct ? 'Correct' : 'Incorrect'}
              </span>
            </td>
            <td class="eval-number">{formatAccuracy(result.confidence)}</td>
            <td class="eval-number">{result.chunks_used}</td>
          </tr>
        )}
      </For>
    </ScrollTable>
  )
}
