import { expect, test } from './support/test'
import { SYNC_PORT } from '../playwright.config'
import { AccountPage } from './pages/AccountPage'
import { openApp } from './support/openApp'
import { startQuireServer, type QuireServer } from './support/startQuireServer'
import { newPerson } from './support/syncDevices'

// Issue 40: an operator who admits people by invite (REGISTRATION=invite). The app, opened at that
// server's own origin, learns the mode from the server's public /health and asks for the token on
// creating an account; a wrong one is refused in the server's words, the operator's one makes it.
const port = Number(process.env.E2E_INVITE_PORT ?? SYNC_PORT + 4)
const TOKEN = 'e2e-invite-0123456789abcdef'

test.describe.serial('an invite-only server', () => {
  let server: QuireServer
  test.beforeAll(async () => {
    server = await startQuireServer(port, { REGISTRATION: 'invite', REGISTRATION_INVITE_TOKENS: TOKEN })
  })
  test.afterAll(async () => {
    await server?.stop()
    server?.remove()
  })

  test('the sign-up form asks for the invite token; a wrong one is refused, the operator’s admits', async ({
    page,
  }) => {
    await openApp(page, `${server.origin}/`)
    const account = new AccountPage(page)
    await account.open()
    await expect(account.inviteField).toHaveCount(0)
    const person = newPerson()
    await account.signUp({
      server: server.origin,
      ...person,
      fullName: 'Invited Guest',
      invite: 'not-the-operators-token',
    })
    await expect(account.error).toContainText('This invite token is not valid on this server')
    await account.inviteField.fill(TOKEN)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(account.signedInAs('Invited Guest')).toBeVisible()
  })
})
