import { expect, type Locator, type Page } from '@playwright/test'

/** The Account screen: this device's local profile, and sign-in / sign-up / sign-out on a sync server. */
export class AccountPage {
  constructor(private readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Account', level: 1 })
  }

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click()
    await expect(this.heading).toBeVisible()
  }

  get serverSection(): Locator {
    return this.page.getByRole('region', { name: 'Sync server' })
  }

  get deviceSection(): Locator {
    return this.page.getByRole('region', { name: 'This device' })
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
  }) {
    await this.page.getByLabel('Create a new account').check()
    await this.page.getByLabel('Sync server address').fill(input.server)
    await this.page.getByLabel('Username').fill(input.username)
    if (input.fullName) await this.page.getByLabel('Full name (optional)').fill(input.fullName)
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

  /** Signs out through the confirmation dialog. */
  async signOut(): Promise<void> {
    await this.serverSection.getByRole('button', { name: 'Sign out' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Sign out?' })
    await dialog.getByRole('button', { name: 'Sign out' }).click()
    await expect(dialog).toBeHidden()
  }

  signedInAs(name: string): Locator {
    return this.serverSection.getByText(`Signed in as ${name}`)
  }
}
