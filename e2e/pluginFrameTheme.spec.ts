import { expect, test, type Page } from './support/test'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { expectAccessible } from './support/expectAccessible'
import { openApp } from './support/openApp'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// A plugin that brings no styles for its controls (Quire Notes styles only its layout) gets the app's
// base look in its sandboxed frame, through the theme the page pushes: light and dark.
let notesZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  notesZip = (await samplePluginZips('QuireNotes')).QuireNotes
})

const LOOK = ['backgroundColor', 'color', 'borderTopColor', 'borderTopWidth', 'borderTopStyle'] as const
type Look = Record<(typeof LOOK)[number], string>

/** How the app's own input (`.input`) and primary button look in the page right now. */
const appLook = (page: Page) =>
  page.evaluate((keys) => {
    const read = (element: HTMLElement) => {
      document.body.append(element)
      const style = getComputedStyle(element)
      const look = Object.fromEntries(keys.map((key) => [key, style[key]]))
      element.remove()
      return look
    }
    const input = Object.assign(document.createElement('input'), { className: 'input' })
    const button = Object.assign(document.createElement('button'), { className: 'button button-primary' })
    return { input: read(input), button: read(button) } as { input: Look; button: Look }
  }, LOOK)

test('a sample plugin’s input and button take the app’s base styles in their frame, light and dark', async ({
  page,
}) => {
  test.setTimeout(scaledTimeout(90_000))
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp(page)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  const board = new PluginBoardPage(page)
  await board.install(notesZip, 'QuireNotes-1.0.0.zip')
  await board.create('Styled notes', 'styled-notes', [
    { i: 'notes', pluginId: 'QuireNotes', moduleId: 'Notes', x: 0, y: 0, w: 6, h: 5 },
  ])
  await board.open('styled-notes', 'Styled notes')
  await expect(board.cell('notes')).toHaveAttribute('data-state', 'ready')
  const notes = board.module('notes')
  const input = notes.getByTestId('notes-input')
  const add = notes.getByTestId('notes-add')
  const frameLook = async () => ({
    input: await input.evaluate(
      (element, keys) => Object.fromEntries(keys.map((key) => [key, getComputedStyle(element)[key]])),
      LOOK,
    ),
    button: await add.evaluate(
      (element, keys) => Object.fromEntries(keys.map((key) => [key, getComputedStyle(element)[key]])),
      LOOK,
    ),
  })

  const light = await appLook(page)
  // Not the browser's bare input (white, a 2 px inset grey border): the app's, token for token.
  expect(light.input.borderTopWidth).toBe('1px')
  await expect.poll(frameLook).toEqual(light)
  await expectAccessible(page, 'a plugin frame with the base styles, light')

  await page.emulateMedia({ colorScheme: 'dark' })
  // The app follows the system's scheme (its theme setting is "system") before it is measured.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  const dark = await appLook(page)
  expect(dark.input.backgroundColor).not.toBe(light.input.backgroundColor)
  // The theme reaches the frame, and its controls follow.
  await expect.poll(frameLook).toEqual(dark)
  await expectAccessible(page, 'a plugin frame with the base styles, dark')
  await page.screenshot({ path: 'e2e/output/screens/plugin-frame-base-styles-1280-dark.png' })

  // A typed note still works with the styled controls.
  await input.fill('Styled note')
  await add.click()
  await expect(notes.getByTestId('notes-status')).toHaveText('Saved')
})
