import { expect, test } from './support/test'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { openApp } from './support/openApp'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 42 item 7: a module's frame and its root take the cell's size and grow with it (BrainDrive's
// PluginTemplate drew in a column about 60 px wide inside a cell spanning the page).
let collectionsZip: Buffer

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  collectionsZip = (await samplePluginZips('QuireCollections')).QuireCollections
})

/** The cell's inner size, the frame's, and the widths of the frame's root and the module's own root. */
async function measure(board: PluginBoardPage, i: string) {
  const cell = await board.cell(i).evaluate((element) => ({
    width: element.clientWidth,
    height: element.clientHeight,
  }))
  const frame = await board.frameElement(i).evaluate((element) => element.getBoundingClientRect())
  const inside = await board
    .module(i)
    .locator('#root')
    .evaluate((root) => ({
      root: root.getBoundingClientRect().width,
      rootHeight: root.getBoundingClientRect().height,
      module: root.firstElementChild?.getBoundingClientRect().width ?? 0,
      viewport: document.documentElement.clientWidth,
      viewportHeight: document.documentElement.clientHeight,
    }))
  return { cell, frame: { width: frame.width, height: frame.height }, ...inside }
}

test('a module’s frame and its root take the cell’s width and height, and grow with it', async ({ page }) => {
  test.setTimeout(scaledTimeout(90_000))
  await page.setViewportSize({ width: 1440, height: 900 })
  await openApp(page)
  const board = new PluginBoardPage(page)
  await board.install(collectionsZip, 'QuireCollections-1.0.0.zip')
  await board.create('Wide module', 'wide-module', [
    { i: 'wide', pluginId: 'QuireCollections', moduleId: 'CollectionOverview', x: 0, y: 0, w: 12, h: 6 },
  ])
  await board.open('wide-module', 'Wide module')
  await expect(board.cell('wide')).toHaveAttribute('data-state', 'ready')

  const at1440 = await measure(board, 'wide')
  // The cell spans the page's content area.
  expect(at1440.cell.width).toBeGreaterThan(1000)
  expect(Math.abs(at1440.frame.width - at1440.cell.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(at1440.viewport - at1440.cell.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(at1440.root - at1440.cell.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(at1440.module - at1440.cell.width)).toBeLessThanOrEqual(1)
  // The root fills the frame's height, and the frame the cell's (six rows).
  expect(at1440.frame.height).toBeGreaterThanOrEqual(at1440.cell.height - 2)
  expect(at1440.rootHeight).toBeGreaterThanOrEqual(at1440.viewportHeight - 1)

  await page.setViewportSize({ width: 1800, height: 900 })
  await expect.poll(async () => (await measure(board, 'wide')).module).toBeGreaterThan(at1440.module + 300)
  const at1800 = await measure(board, 'wide')
  expect(Math.abs(at1800.module - at1800.cell.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(at1800.root - at1800.cell.width)).toBeLessThanOrEqual(1)

  // Content taller than the cell: the frame grows to it, and back to the cell when it is gone.
  const frameHeight = async () => (await measure(board, 'wide')).frame.height
  const root = board.module('wide').locator('#root')
  await root.evaluate((element) => {
    const tall = document.createElement('div')
    tall.id = 'tall'
    tall.style.height = '2000px'
    element.append(tall)
  })
  await expect.poll(frameHeight).toBeGreaterThanOrEqual(2000)
  await root.evaluate(() => document.getElementById('tall')?.remove())
  await expect.poll(frameHeight).toBeLessThanOrEqual(at1800.cell.height + 1)
})
