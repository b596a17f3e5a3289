import { For, Show } from 'solid-js'
import type { RuntimeService } from '../../../core/plugins/manifest/runtimeServices'

/**
 * The runtime services a plugin declares (BrainDrive starts them with Docker): those Quire provides
 * say so, with nothing to start; the others are shown as declared and not started, since Quire never
 * runs a plugin's commands.
 */
export function RuntimeServiceList(props: { services: readonly RuntimeService[] }) {
  return (
    <Show when={props.services.length > 0}>
      <h4 class="plugin-card-subtitle">Services it needs</h4>
      <ul class="plugin-modules">
        <For each={props.services}>
          {(service) => (
            <li class="plugin-module">
              <div>
                <span class="plugin-module-name">{service.name}</span>
                <span class="plugin-module-description">
                  <Show
                    when={service.provided}
                    fallback={
                      <>
                        Not started: Quire does not run plugin services
                        <Show when={service.start_command}>
                          {(command) => (
                            <>
                              {' '}
                              (its own start command: <code>{command()}</code>)
                            </>
                          )}
                        </Show>
                      </>
                    }
                  >
                    {service.label}: nothing to install or start
                  </Show>
                </span>
              </div>
            </li>
          )}
        </For>
      </ul>
    </Show>
  )
}
