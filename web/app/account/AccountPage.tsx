import { createEffect, createSignal, Match, on, Show, Switch } from 'solid-js'
import '../settings/settings.css'
import { showToast } from '../toasts/toastStore'
import { usePageTitle } from '../usePageTitle'
import './account.css'
import type { AccountView, LocalDataChoice } from './accountApi'
import { ConflictsPanel } from './ConflictsPanel'
import { KeptDataSection } from './KeptDataSection'
import { LocalDataDialog } from './LocalDataDialog'
import { localDataLabel } from './localDataText'
import { ProfileList } from './ProfileList'
import { SignInForm } from './SignInForm'
import { SignOutDialog } from './SignOutDialog'
import { SyncPanel } from './SyncPanel'
import { refreshSyncStatus, useSyncStatus } from './syncStatusStore'
import { ScreenHeader } from '../ui/ScreenHeader'

/**
 * Who this device is: its local profile, which owns what is made here, and its sign-in to a sync server,
 * which the sync client uses, with the state of syncing. Signing out forgets the tokens and asks whether
 * this device keeps its data.
 */
export function AccountPage(props: { account: AccountView }) {
  usePageTitle('Account')
  const [account, setAccount] = createSignal(props.account)
  // The router shows its cached account first and reloads it in the background (stale while
  // revalidate): coming back to this page after signing in must not keep showing the old state.
  createEffect(
    on(
      () => props.account,
      (next) => setAccount(next),
      { defer: true },
    ),
  )
  const [confirming, setConfirming] = createSignal(false)
  // The sign-in's question about this device's data: asked at once, and again from the page.
  const [asking, setAsking] = createSignal(!!props.account.local_data)
  const sync = useSyncStatus()
  let signOutButton: HTMLButtonElement | undefined
  let chooseButton: HTMLButtonElement | undefined

  // The app bar's indicator appears or goes with the account, not at its next poll.
  const changed = (next: AccountView) => {
    setAccount(next)
    setAsking(!!next.local_data)
    void refreshSyncStatus()
  }

  const chosen = (next: AccountView, choice: LocalDataChoice) => {
    changed(next)
    const words: Record<LocalDataChoice, string> = {
      merge: 'This device’s data is being added to your account.',
      keep: 'This device’s data stays on this device only.',
      discard: 'This device’s data was discarded.',
    }
    showToast({ message: words[choice] })
  }

  const signedOut = (next: AccountView) => {
    changed(next)
    setConfirming(false)
    showToast({ message: 'Signed out. This device’s data is kept.' })
  }

  return (
    <section class="page page-narrow" aria-labelledby="account-title">
      <ScreenHeader titleId="account-title" title="Account" />
      <section class="settings-section" aria-labelledby="account-device-title">
        <h2 id="account-device-title" class="settings-section-title">
          This device
        </h2>
        {/* Signed in, the page names one person: the device's own profile ("local") beside "Signed in as
            newcomer" read as a second account (issue 30). */}
        <Show
          when={!account().signed_in}
          fallback={
            <p class="field-hint">
              What you add here is kept in this browser and synced with your account on the sync server.
            </p>
          }
        >
          <ProfileList user={account().local_user} />
          <p class="field-hint">
            Quire works without an account: what you add here is kept in this browser under this device’s own
            profile. Sign in to a sync server to use your account across devices.
          </p>
        </Show>
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
            <SignInForm serverUrl={account().server_url} onSignedIn={changed} />
          </Match>
          <Match when={!account().signed_in}>
            <p class="field-hint">Not signed in.</p>
            <SignInForm
              onSignedIn={(next) => {
                changed(next)
                showToast({ message: `Signed in as ${next.user?.username ?? 'you'}` })
              }}
            />
          </Match>
        </Switch>
      </section>
      <Show when={account().signed_in ? account().local_data : undefined}>
        {(counts) => (
          <section class="settings-section" aria-labelledby="account-local-data-title">
            <h2 id="account-local-data-title" class="settings-section-title">
              This device’s data
            </h2>
            <p role="status">
              Sync waits: this device has {localDataLabel(counts())} that your account does not have.
            </p>
            <div class="form-actions">
              <button
                ref={chooseButton}
                type="button"
                class="button button-primary"
                onClick={() => setAsking(true)}
              >
                Choose what to do with it
              </button>
            </div>
          </section>
        )}
      </Show>
      <Show when={account().signed_in && !account().local_data ? account().kept_local_data : undefined}>
        {(counts) => (
          <KeptDataSection
            counts={counts()}
            // Sent as the question's merge sends: the same words.
            onSent={(next) => chosen(next, 'merge')}
          />
        )}
      </Show>
      <Show when={account().signed_in && !account().local_data}>
        <SyncPanel />
        <ConflictsPanel />
      </Show>
      <Show when={asking() && account().signed_in ? account().local_data : undefined}>
        {(counts) => (
          <LocalDataDialog
            counts={counts()}
            onChosen={chosen}
            onClose={() => setAsking(false)}
            returnFocus={() => (chooseButton?.isConnected ? chooseButton : undefined)}
            fallbackFocus={() => document.getElementById('account-server-title')}
          />
        )}
      </Show>
      <Show when={confirming()}>
        <SignOutDialog
          serverUrl={account().server_url}
          pending={sync.status()?.pending ?? 0}
          onSignedOut={signedOut}
          onCancel={() => setConfirming(false)}
          // Signed out, the button is gone: focus goes to the section's heading, above the sign-in form.
          returnFocus={() => (signOutButton?.isConnected ? signOutButton : undefined)}
          fallbackFocus={() => {
            const heading = document.getElementById('account-server-title')
            heading?.setAttribute('tabindex', '-1')
            return heading
          }}
        />
      </Show>
    </section>
  )
}
