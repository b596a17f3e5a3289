import { createSignal, Match, Show, Switch } from 'solid-js'
import { ConfirmDialog } from '../components/ConfirmDialog'
import '../settings/settings.css'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import './account.css'
import { signOut, type AccountView } from './accountApi'
import { ProfileList } from './ProfileList'
import { SignInForm } from './SignInForm'

/**
 * Who this device is: its local profile, which owns what is made here, and its sign-in to a sync server,
 * which the sync client uses. Signing out forgets the tokens; the data on this device stays.
 */
export function AccountPage(props: { account: AccountView }) {
  usePageTitle('Account')
  const [account, setAccount] = createSignal(props.account)
  const [confirming, setConfirming] = createSignal(false)
  let signOutButton: HTMLButtonElement | undefined

  const confirmSignOut = async () => {
    setAccount(await signOut())
    setConfirming(false)
    showToast({ message: 'Signed out' })
  }

  return (
    <section class="page page-narrow" aria-labelledby="account-title">
      <header class="page-header">
        <h1 id="account-title" class="page-title">
          Account
        </h1>
      </header>
      <section class="settings-section" aria-labelledby="account-device-title">
        <h2 id="account-device-title" class="settings-section-title">
          This device
        </h2>
        <ProfileList user={account().local_user} />
        <p class="field-hint">
          Quire works without an account: what you add here is kept in this browser under this device’s own
          profile. Sign in to a sync server to use your account across devices.
        </p>
      </section>
      <section class="settings-section" aria-labelledby="account-server-title">
        <h2 id="account-server-title" class="settings-section-title">
          Sync server
        </h2>
        <Switch>
          <Match when={account().signed_in && account().user}>
            {(user) => (
              <>
                <p>
                  Signed in as <strong>{user().full_name || user().username}</strong>
                </p>
                <ProfileList user={user()} server={account().server_url} />
                <div class="form-actions">
                  <button
                    ref={signOutButton}
                    type="button"
                    class="button"
                    onClick={() => setConfirming(true)}
                  >
                    Sign out
                  </button>
                </div>
              </>
            )}
          </Match>
          <Match when={account().needs_sign_in}>
            <p class="form-alert" role="status">
              Your session on {account().server_url} has ended. Sign in again
              {account().user ? ` as ${account().user?.email}` : ''} to keep syncing; your data on this device
              is safe.
            </p>
            <SignInForm serverUrl={account().server_url} onSignedIn={setAccount} />
          </Match>
          <Match when={!account().signed_in}>
            <p class="field-hint">Not signed in.</p>
            <SignInForm
              onSignedIn={(next) => {
                setAccount(next)
                showToast({ message: `Signed in as ${next.user?.username ?? 'you'}` })
              }}
            />
          </Match>
        </Switch>
      </section>
      <Show when={confirming()}>
        <ConfirmDialog
          title="Sign out?"
          confirmLabel="Sign out"
          onConfirm={confirmSignOut}
          onCancel={() => setConfirming(false)}
          returnFocus={() => signOutButton}
          fallbackFocus={() => document.getElementById('account-server')}
        >
          This device stops using your account on {account().server_url}. Everything stored in this browser
          stays here.
        </ConfirmDialog>
      </Show>
    </section>
  )
}
