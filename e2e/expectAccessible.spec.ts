import { expect, test } from './support/test'
import { expectAccessible } from './support/expectAccessible'

// The accessibility check every screen's test relies on: it must fail on what it looks for, in the page
// and in a frame of another origin (a plugin's sandboxed frame), or every passing check means nothing.

const CLEAN = '<main><h1>Notes</h1><button>Save</button><img src="data:," alt="A chart"></main>'

test('passes a clean page and fails a violation in the page, naming the rule and the element', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><title>Clean</title><body>${CLEAN}</body></html>`)
  await expectAccessible(page, 'a clean page')
  // Checked again in the same document: axe is already there, and what changed is seen.
  await page.evaluate(() => {
    const image = document.createElement('img')
    image.id = 'unlabelled'
    image.src = 'data:,'
    document.body.append(image)
  })
  const failure = await expectAccessible(page, 'a page with an unlabelled image').then(
    () => null,
    (error: Error) => error.message,
  )
  expect(failure).toContain('accessibility of a page with an unlabelled image')
  expect(failure).toContain('image-alt (critical)')
  expect(failure).toContain('#unlabelled')
})

test('fails a violation inside a sandboxed frame of another origin, and passes it once fixed', async ({
  page,
}) => {
  const frame = (body: string) =>
    `<iframe title="Plugin" sandbox="allow-scripts" srcdoc="${`<!doctype html><html lang=en><title>Plugin</title><body>${body}</body></html>`.replaceAll('"', '&quot;')}"></iframe>`
  await page.setContent(
    `<!doctype html><html lang="en"><title>Host</title><body>${CLEAN}${frame('<button id="empty"></button>')}</body></html>`,
  )
  await expect.poll(() => page.frames().length).toBe(2)
  const failure = await expectAccessible(page, 'a frame with an empty button').then(
    () => null,
    (error: Error) => error.message,
  )
  expect(failure).toContain('button-name (critical)')
  expect(failure).toContain('#empty')
  await page.setContent(
    `<!doctype html><html lang="en"><title>Host</title><body>${CLEAN}${frame('<button>Add note</button>')}</body></html>`,
  )
  await expect.poll(() => page.frames().length).toBe(2)
  await expectAccessible(page, 'a frame with a named button')
})
