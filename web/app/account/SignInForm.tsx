import { createEffect, createSignal, on, onCleanup, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { FormAlert } from '../ui/FormAlert'
import { RadioGroup, type RadioOption } from '../ui/RadioGroup'
import { TextField } from '../ui/TextField'
import { signIn, signUp, type AccountView } from './accountApi'
import { registrationMode, type RegistrationMode } from './registrationMode'

type Mode = 'sign-in' | 'sign-up'

const MODES: readonly RadioOption<Mode>[] = [
  { value: 'sign-in', label: 'I have an account' },
  { value: 'sign-up', label: 'Create a new account' },
]

/**
 * Signs this device in to a sync server, or creates an account there first. The address starts as this
 * page's own origin (the sync server serves the app too); errors are the server's own words, passed on
 * by the in-browser API (wrong password, email taken, password too short, server unreachable). Creating
 * an account asks the server who may register (its `/health`), once the address is committed (not on
 * every keystroke): an invite-only server gets an "Invite token" field, a closed one a word that it takes
 * no new accounts. A 403 asking for an invite shows the field too (a server that did not say).
 */
export function SignInForm(props: { onSignedIn: (account: AccountView) => void; serverUrl?: string | null }) {
  const [mode, setMode] = createSignal<Mode>('sign-in')
  const [serverUrl, setServerUrl] = createSignal(props.serverUrl ?? window.location.origin)
  const [email, setEmail] = createSignal('')
  const [password, setPassword] = createSignal('')
  const [username, setUsername] = createSignal('')
  const [fullName, setFullName] = createSignal('')
  const [inviteToken, setInviteToken] = createSignal('')
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)
  // The address as last committed (blur, Enter): the one whose registration mode is asked.
  const [checkedUrl, setCheckedUrl] = createSignal(serverUrl())
  const [askedForInvite, setAskedForInvite] = createSignal(false)
  const [registration, setRegistration] = createSignal<RegistrationMode | null>(null)
  // A signal, not a resource: a resource read here would suspend the whole Account screen while it asks.
  createEffect(
    on([mode, checkedUrl], ([current, url]) => {
      setRegistration(null)
      if (current !== 'sign-up') return
      let stale = false
      onCleanup(() => (stale = true))
      void registrationMode(url).then((answer) => {
        if (!stale) setRegistration(answer)
      })
    }),
  )
  const needsInvite = () => registration() === 'invite' || askedForInvite()

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (busy()) return
    setBusy(true)
    setError(null)
    const base = { server_url: serverUrl(), email: email().trim(), password: password() }
    try {
      const account =
        mode() === 'sign-in'
          ? await signIn(base)
          : await signUp({
              ...base,
              username: username().trim(),
              ...(fullName().trim() ? { full_name: fullName().trim() } : {}),
              ...(needsInvite() && inviteToken().trim() ? { invite_token: inviteToken().trim() } : {}),
            })
      setPassword('')
      props.onSignedIn(account)
    } catch (failure) {
      const detail = errorDetail(failure)
      if (mode() === 'sign-up' && /needs an invite|invite token/i.test(detail)) setAskedForInvite(true)
      setError(detail)
    } finally {
      setBusy(false)
    }
  }

  const creating = () => mode() === 'sign-up'

  return (
    <form class="form" novalidate aria-busy={busy()} onSubmit={(event) => void submit(event)}>
      <RadioGroup
        legend="Account"
        name="account-mode"
        class="field target-choice"
        value={mode()}
        onChange={(next) => {
          setMode(next)
          setError(null)
        }}
        options={MODES}
      />
      <FormAlert message={error()} />
      <TextField
        id="account-server"
        label="Sync server address"
        hint="The Quire sync server that keeps your account, such as https://quire.example.com."
        mono
        type="url"
        required
        autocomplete="url"
        value={serverUrl()}
        onInput={(event) => setServerUrl(event.currentTarget.value)}
        onChange={(event) => {
          setCheckedUrl(event.currentTarget.value)
          setAskedForInvite(false)
        }}
      />
      <Show when={creating() && registration() === 'closed'}>
        <p class="field-hint" role="status">
          This server takes no new accounts: ask its operator for one, then sign in.
        </p>
      </Show>
      <Show when={creating()}>
        <TextField
          id="account-username"
          label="Username"
          hint="3 to 50 letters, digits, “_”, “.” or “-”."
          type="text"
          required
          autocomplete="username"
          value={username()}
          onInput={(event) => setUsername(event.currentTarget.value)}
        />
        <TextField
          id="account-full-name"
          label="Full name (optional)"
          type="text"
          autocomplete="name"
          value={fullName()}
          onInput={(event) => setFullName(event.currentTarget.value)}
        />
      </Show>
      <Show when={creating() && needsInvite()}>
        <TextField
          id="account-invite"
          label="Invite token"
          hint="This server admits new accounts by invite: paste the token its operator gave you."
          mono
          type="text"
          required
          autocomplete="off"
          spellcheck={false}
          maxLength={1024}
          value={inviteToken()}
          onInput={(event) => setInviteToken(event.currentTarget.value)}
        />
      </Show>
      <TextField
        id="account-email"
        label="Email"
        type="email"
        required
        autocomplete="email"
        value={email()}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <TextField
        id="account-password"
        label="Password"
        hint={creating() ? 'At least 8 characters.' : undefined}
        type="password"
        required
        autocomplete={creating() ? 'new-password' : 'current-password'}
        value={password()}
        onInput={(event) => setPassword(event.currentTarget.value)}
      />
      <div class="form-actions">
        <button type="submit" class="button button-primary" aria-disabled={busy()}>
          {busy()
            ? creating()
              ? 'Creating account…'
              : 'Signing in…'
            : creating()
              ? 'Create account'
              : 'Sign in'}
        </button>
      </div>
    </form>
  )
}
