import { For, Show } from 'solid-js'
import { describePermissions } from './permissionText'

/**
 * What a plugin's permissions let it do, in plain words, each with its name from the manifest. A plugin
 * asking for none can only draw in its own page cell (its frame), and the list says so.
 */
export function PermissionList(props: { permissions: readonly unknown[] | null | undefined; id?: string }) {
  const lines = () => describePermissions(props.permissions)
  return (
    <Show
      when={lines().length > 0}
      fallback={
        <p id={props.id} class="plugin-permissions-none">
          Asks for no permissions: it can only show itself where you place it.
        </p>
      }
    >
      <ul id={props.id} class="plugin-permissions">
        <For each={lines()}>
          {(line) => (
            <li classList={{ 'plugin-permission-unknown': line.unknown }}>
              <span class="plugin-permission-text">{line.text}</span>{' '}
              <code class="plugin-permission-name">{line.name}</code>
            </li>
          )}
        </For>
      </ul>
    </Show>
  )
}
