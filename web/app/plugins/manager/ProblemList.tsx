import { For, Show } from 'solid-js'
import { errorDetail } from '../../api/ApiRequestError'
import { ApiValidationError } from '../../api/ApiValidationError'
import './pluginInstall.css'

/**
 * Why something was refused, as an alert: the API's sentence, or each broken rule with the field it is
 * about (a 422's list), so a plugin's author knows what to change.
 */
export function ProblemList(props: { title: string; error: unknown; id?: string }) {
  const problems = () => (props.error instanceof ApiValidationError ? props.error.problems : [])
  return (
    <div id={props.id} class="plugin-problem" role="alert">
      <p class="plugin-problem-title">{props.title}</p>
      <Show when={problems().length > 0} fallback={<p>{errorDetail(props.error)}</p>}>
        <ul class="plugin-problem-list">
          <For each={problems()}>
            {(problem) => (
              <li>
                <Show when={problem.where}>
                  <code>{problem.where}</code>:{' '}
                </Show>
                {problem.msg}
              </li>
            )}
          </For>
        </ul>
      </Show>
    </div>
  )
}
