import { expect, test, type Page } from './support/test'
import { expectAccessible } from './support/expectAccessible'
import { api, deployments, personWithTwoDevices, signInOn, signUpOn } from './support/syncDevices'
import { goOffline } from './support/goOffline'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Two devices of one person rename the same collection while offline. The later rename wins on both;
// the earlier one is kept as a conflict, which the Account page shows and can bring back.
const nameOf = async (page: Page, id: string) =>
  (await api<{ name?: unknown }>(page, `/api/collections/${id}`)).name

for (const { name: deployment, appOrigin } of deployments) {
  test.describe(deployment, () => {
    test('sync conflicts: a rename that lost is shown on Account, brought back everywhere, or dismissed', async ({
      browser,
    }) => {
      test.setTimeout(scaledTimeout(180_000))
      const { person, laptop, phone } = await personWithTwoDevices(browser, appOrigin)
      const laptopAccount = await signUpOn(laptop, person, 'Ada Lovelace')
      const phoneAccount = await signInOn(phone, person, 'Ada Lovelace')

      const shared = await api(laptop, '/api/collections/', {
        method: 'POST',
        json: { name: 'Reading list', description: 'Papers to read' },
      })
      const id = String(shared.id)
      await expect.poll(() => nameOf(phone, id), { timeout: scaledTimeout(60_000) }).toBe('Reading list')
      // Nothing has conflicted yet: the section is not there at all.
      await expect(laptopAccount.syncState).toHaveText('Up to date')
      await expect(laptopAccount.conflictsSection).toHaveCount(0)

      // Both offline, both rename it: the laptop first, the phone a moment later (its change wins).
      await goOffline(laptop)
      await goOffline(phone)
      await api(laptop, `/api/collections/${id}`, { method: 'PUT', json: { name: 'Reading list (laptop)' } })
      await laptop.waitForTimeout(50)
      await api(phone, `/api/collections/${id}`, { method: 'PUT', json: { name: 'Reading list (phone)' } })
      await laptop.context().setOffline(false)
      await phone.context().setOffline(false)
      await expect
        .poll(() => nameOf(laptop, id), { timeout: scaledTimeout(90_000) })
        .toBe('Reading list (phone)')
      await expect
        .poll(() => nameOf(phone, id), { timeout: scaledTimeout(90_000) })
        .toBe('Reading list (phone)')

      // The laptop's rename lost: its Account page shows both names, without a reload.
      const lost = laptopAccount.conflictReplacing('Reading list (laptop)')
      await expect(lost).toHaveCount(1, { timeout: scaledTimeout(60_000) })
      await expect(lost.getByRole('heading', { level: 3 })).toHaveText(
        'Collection “Reading list (phone)”: name',
      )
      await expect(laptopAccount.conflictValue(lost, 'Kept')).toContainText('Reading list (phone)')
      await expect(laptopAccount.conflictValue(lost, 'Replaced')).toContainText('Reading list (laptop)')
      await expectAccessible(laptop, 'Account, with a sync conflict')

      // Bring it back: the laptop's name wins here at once, and on the phone after the next round.
      const restore = lost.getByRole('button', { name: /^Use this instead/ })
      await expect(restore).toHaveAccessibleName(/Collection “Reading list \(phone\)”: name/)
      await restore.click()
      await expect.poll(() => nameOf(laptop, id)).toBe('Reading list (laptop)')
      await expect(laptopAccount.conflictReplacing('Reading list (laptop)')).toHaveCount(0)
      await expect
        .poll(() => nameOf(phone, id), { timeout: scaledTimeout(60_000) })
        .toBe('Reading list (laptop)')

      // The name it replaced is a conflict in turn (so a restore can be undone); the phone sees it too.
      // "Keep current" there takes it off the list and leaves the name as it is.
      const replaced = phoneAccount.conflictReplacing('Reading list (phone)')
      await expect(replaced).toHaveCount(1, { timeout: scaledTimeout(60_000) })
      await expect(phoneAccount.conflictValue(replaced, 'Kept')).toContainText('Reading list (laptop)')
      const keep = replaced.getByRole('button', { name: /^Keep current/ })
      await keep.focus()
      await keep.press('Enter')
      await expect(replaced).toHaveCount(0)
      await expect(phoneAccount.conflictsSection).toContainText('No conflicts left.')
      await expect(
        phoneAccount.conflictsSection.getByRole('heading', { name: 'Sync conflicts' }),
      ).toBeFocused()
      expect(await nameOf(phone, id)).toBe('Reading list (laptop)')
      // Dismissed on the phone only: the same conflict is still open on the laptop.
      const open = async (page: Page) =>
        (await api<{ items: Array<{ field: string }> }>(page, '/api/v1/sync/conflicts')).items.filter(
          (c) => c.field === 'name',
        )
      expect(await open(phone)).toEqual([])
      await expect(laptopAccount.conflictReplacing('Reading list (phone)')).toHaveCount(1)
      expect(await open(laptop)).toHaveLength(1)
    })
  })
}
