import { Show } from 'solid-js'
import type { AccountUser } from './accountApi'

/** A user's name, username and email as a description list. */
export function ProfileList(props: { user: AccountUser; server?: string | null }) {
  return (
    <dl class="account-profile">
      <dt>Name</dt>
      <dd>{props.user.full_name || props.user.username}</dd>
      <dt>Username</dt>
      <dd>{props.user.username}</dd>
      <Show when={props.user.email}>
        <dt>Email</dt>
        <dd>{props.user.email}</dd>
      </Show>
      <Show when={props.server}>
        <dt>Sync server</dt>
        <dd>{props.server}</dd>
      </Show>
    </dl>
  )
}
