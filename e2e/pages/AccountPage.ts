import { expect, type Locator, type Page } from '@playwright/test'
import { openScreen } from '../support/openScreen'

/** The Account screen: this device's local profile, and sign-in / sign-up / sign-out on a sync server. */
export class AccountPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Account', level: 1 })
  }

  async open(): Promise<void> {
    await openScreen(this.page, 'Account')
    await expect(this.heading).toBeVisible()
  }

  get serverSection(): Locator {
    return this.page.getByRole('region', { name: 'Sync server' })
  }

  get deviceSection(): Locator {
    return this.page.getByRole('region', { name: 'This device' })
  }

  /** "Invite token": offered on creating an account where the server admits only invited people. */
  get inviteField(): Locator {
    return this.page.getByLabel('Invite token')
  }

  get error(): Locator {
    return this.serverSection.getByRole('alert')
  }

  async signUp(input: {
    server: string
    username: string
    email: string
    password: string
    fullName?: string
    /** For an invite-only server: the field must be offered. */
    invite?: string
  }) {
    await this.page.getByLabel('Create a new account').check()
    await this.page.getByLabel('Sync server address').fill(input.server)
    await this.page.getByLabel('Username').fill(input.username)
    if (input.fullName) await this.page.getByLabel('Full name (optional)').fill(input.fullName)
    if (input.invite !== undefined) await this.inviteField.fill(input.invite)
    await this.page.getByLabel('Email').fill(input.email)
    await this.page.getByLabel('Password').fill(input.password)
    await this.page.getByRole('button', { name: 'Create account' }).click()
  }

  async signIn(input: { server: string; email: string; password: string }) {
    await this.page.getByLabel('I have an account').check()
    await this.page.getByLabel('Sync server address').fill(input.server)
    await this.page.getByLabel('Email').fill(input.email)
    await this.page.getByLabel('Password').fill(input.password)
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  }

  /** Asked after signing in on a device holding data the account does not have (sync waits for it). */
  get localDataDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add this device’s data to your account?' })
  }

  /** Answers that question: `Merge into my account`, `Keep on this device only` (Discard asks again). */
  async answerLocalData(answer: 'Merge into my account' | 'Keep on this device only'): Promise<void> {
    await this.localDataDialog.getByRole('button', { name: answer }).click()
    await expect(this.localDataDialog).toBeHidden()
  }

  get signOutDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Sign out?' })
  }

  /** Opens the sign-out dialog, which asks whether this device keeps its data. */
  async openSignOut(): Promise<Locator> {
    await this.serverSection.getByRole('button', { name: 'Sign out' }).click()
    await expect(this.signOutDialog).toBeVisible()
    return this.signOutDialog
  }

  /** Signs out keeping this device's data (the dialog's default). */
  async signOut(): Promise<void> {
    const dialog = await this.openSignOut()
    await dialog.getByRole('button', { name: 'Sign out and keep data' }).click()
    await expect(dialog).toBeHidden()
  }

  /** Signs out and removes this device's data; resolves once the page has reloaded. */
  async signOutAndRemoveData(): Promise<void> {
    const dialog = await this.openSignOut()
    const reloaded = this.page.waitForEvent('load')
    await dialog.getByRole('button', { name: 'Sign out and remove data' }).click()
    await reloaded
  }

  /** The Sync panel, shown while signed in. */
  get syncSection(): Locator {
    return this.page.getByRole('region', { name: 'Sync', exact: true })
  }

  /** The panel's state in words ("Up to date", "Syncing…", "Offline — …", "Sync failed: …"). */
  get syncState(): Locator {
    return this.syncSection.getByRole('status')
  }

  get syncNowButton(): Locator {
    return this.syncSection.getByRole('button', { name: 'Sync now' })
  }

  /** The sync status in the app bar ("Synced", "3 pending", "Offline", "Sync error"), a link to Account. */
  get syncIndicator(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: /^Sync status:/ })
  }

  /** The sync conflicts, shown under the Sync panel only while there are some (or one was just resolved). */
  get conflictsSection(): Locator {
    return this.page.getByRole('region', { name: 'Sync conflicts' })
  }

  /** The listed conflicts: one item per losing change, headed "Collection “name”: field". */
  get conflicts(): Locator {
    return this.conflictsSection.getByRole('listitem')
  }

  /** One side of a conflict item: `Kept` (the current value) or `Replaced` (the change that lost). */
  conflictValue(item: Locator, side: 'Kept' | 'Replaced'): Locator {
    return item
      .locator('.conflict-side')
      .filter({ has: this.page.getByRole('term').filter({ hasText: side }) })
      .getByRole('definition')
  }

  /** The conflict whose replaced (losing) value reads `value`. */
  conflictReplacing(value: string): Locator {
    return this.conflicts.filter({
      has: this.page
        .locator('.conflict-side')
        .filter({ has: this.page.getByRole('term').filter({ hasText: 'Replaced' }) })
        .getByRole('definition')
        .filter({ hasText: value }),
    })
  }

  signedInAs(name: string): Locator {
    return this.serverSection.getByText(`Signed in as ${name}`)
  }
}

/** A new person for the sync server: unique names, a password the server accepts. */
export function newSyncPerson() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { username: `e2e_${tag}`, email: `e2e-${tag}@example.com`, password: 'correct horse battery' }
}
