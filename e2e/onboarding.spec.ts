import { expect, test } from './support/test'
import { openApp } from './support/openApp'

// Automated browsers skip the first-run dialog (it would cover every other test) unless ?onboarding=1.
test('first run: a dialog says what runs where, closes from the keyboard, and does not come back', async ({
  page,
}) => {
  await openApp(page, '/collections?onboarding=1')
  const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('runs in this browser')
  await expect(dialog).toContainText('nothing leaves this device unless you choose a model server')
  // Focus starts on the first thing to do; Close is reachable from the keyboard.
  await expect(dialog.getByRole('link', { name: 'Add documents' })).toBeFocused()
  const close = dialog.getByRole('button', { name: 'Close' })
  await close.focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('quire.onboarded'))).not.toBeNull()

  // Remembered: a later visit goes straight to the page, even one that asks for the dialog.
  await page.goto('/collections?onboarding=1')
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('first run: Escape closes the dialog too, and without the parameter tests never see it', async ({
  page,
}) => {
  await openApp(page, '/collections')
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await page.goto('/collections?onboarding=1')
  const dialog = page.getByRole('dialog', { name: 'Welcome to Quire' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

// Chromium offers installation only when its own heuristics say so; the offer is simulated with an event
// of the same shape, which is all the app reads.
test('install: the app bar offers "Install Quire" while the browser does, and drops it once installed', async ({
  page,
}) => {
  await openApp(page, '/collections')
  const install = page.getByRole('button', { name: 'Install Quire' })
  await expect(install).toHaveCount(0)
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    })
    window.dispatchEvent(offer)
  })
  await install.click()
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  // An offer can be used once.
  await expect(install).toHaveCount(0)

  await page.evaluate(() => {
    window.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      }),
    )
  })
  await expect(install).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
  await expect(install).toHaveCount(0)
})
