import { For, Show } from 'solid-js'
import { placeOf } from '../../api/ApiValidationError'
import type { ManifestWarning } from '../../api/pluginsApi'
import './pluginInstall.css'

/** Guidance of the plugin spec a manifest does not follow: shown, never a reason to refuse it. */
export function WarningList(props: { warnings: readonly ManifestWarning[]; intro: string }) {
  return (
    <Show when={props.warnings.length > 0}>
      <div class="plugin-warnings">
        <p>{props.intro}</p>
        <ul>
          <For each={props.warnings}>
            {(warning) => (
              <li>
                <Show when={placeOf(warning.loc)}>
                  {(place) => (
                    <>
                      <code>{place()}</code>:{' '}
                    </>
                  )}
                </Show>
                {warning.msg}
              </li>
            )}
          </For>
        </ul>
      </div>
    </Show>
  )
}
