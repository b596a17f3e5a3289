import { createSignal, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { FormAlert } from '../ui/FormAlert'
import { RadioGroup, type RadioOption } from '../ui/RadioGroup'
import { TextField } from '../ui/TextField'
import { signIn, signUp, type AccountView } from './accountApi'

type Mode = 'sign-in' | 'sign-up'

const MODES: readonly RadioOption<Mode>[] = [
  { value: 'sign-in', label: 'I have an account' },
  { value: 'sign-up', label: 'Create a new account' },
]

/**
 * Signs this device in to a sync server, or creates an account there first. The address starts as this
 * page's own origin (the sync server serves the app too); errors are the server's own words, passed on
 * by the in-browser API (wrong password, email taken, password too short, server unreachable).
 */
export function SignInForm(props: { onSignedIn: (account: AccountView) => void; serverUrl?: string | null }) {
  const [mode, setMode] = createSignal<Mode>('sign-in')
  const [serverUrl, setServerUrl] = createSignal(props.serverUrl ?? window.location.origin)
  const [email, setEmail] = createSignal('')
  const [password, setPassword] = createSignal('')
  const [username, setUsername] = createSignal('')
  const [fullName, setFullName] = createSignal('')
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string | null>(null)

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
            })
      setPassword('')
      props.onSignedIn(account)
    } catch (failure) {
      setError(errorDetail(failure))
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
      />
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
