import { expect, test, type Page } from './support/test'
import { appCsp } from '../web/plugin-frame/appCsp'
import { ChatPage } from './pages/ChatPage'
import { startFakeOpenAi, useFakeOpenAi } from './support/fakeOpenAiServer'
import { openApp, untilServiceWorker } from './support/openApp'
import { deployments, syncServer } from './support/syncDevices'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/** A collection with a document and a page: so that the screens that show one have one. */
async function seed(page: Page): Promise<{ collectionId: string; pageId: string; route: string }> {
  return page.evaluate(async () => {
    const json = async (path: string, body: unknown) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return (await response.json()) as { id: string }
    }
    const collection = await json('/api/collections/', { name: 'Field notes', description: 'Tides' })
    const form = new FormData()
    form.set('collection_id', collection.id)
    form.set('file', new File(['# Tides\n\nThe spring tide reached 4.2 metres.\n'], 'notes.md'))
    await fetch('/api/documents/', { method: 'POST', body: form })
    const route = `csp-${Date.now().toString(36)}`
    const created = await json('/api/v1/pages', { name: 'CSP board', route })
    return { collectionId: collection.id, pageId: created.id, route }
  })
}

for (const { name, appOrigin } of deployments) {
  test.describe(`the app's Content-Security-Policy (${name})`, () => {
    test.use({ baseURL: appOrigin })

    test('is in force, and every screen loads under it with no violation', async ({ page }) => {
      test.setTimeout(scaledTimeout(120_000))
      // The server sends it as a header too, with frame-ancestors (a static host sends none).
      if (appOrigin === syncServer) {
        const shell = await page.request.get('/')
        expect(shell.headers()['content-security-policy']).toBe(await appCsp('header'))
      }
      await openApp(page)
      expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(
        await appCsp('meta'),
      )

      const { collectionId, pageId, route } = await seed(page)
      const screens: Array<[string, string | RegExp]> = [
        ['/collections', 'Collections'],
        [`/collections/${collectionId}`, 'Field notes'],
        ['/chat', 'Chat'],
        ['/conversations', 'Chat'],
        ['/search?q=spring+tide', 'Search'],
        ['/evaluation', 'Evaluation'],
        ['/plugins', 'Plugins'],
        ['/pages', 'Pages'],
        [`/designer/${pageId}`, 'Design CSP board'],
        [`/p/${route}`, /CSP board|not found|not published/i],
        ['/settings', 'Settings'],
        ['/account', 'Account'],
        ['/docs', 'API explorer'],
      ]
      // Every screen below is loaded from the precache.
      await untilServiceWorker(page)
      for (const [path, heading] of screens) {
        await page.goto(path)
        await expect(page.getByRole('heading', { name: heading, level: 1 }).first(), path).toBeVisible()
      }
      // The page the service worker serves from its precache carries the policy too.
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
      expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toBe(
        await appCsp('meta'),
      )
    })

    test.describe('the page’s connections', () => {
      test.use({ expectCspViolations: true })

      test('reach no origin nobody configured; a configured model server still answers', async ({
        page,
        cspViolations,
      }) => {
        test.setTimeout(scaledTimeout(120_000))
        const model = await startFakeOpenAi(['Spring ', 'tides ', 'are ', 'highest.'], 10)
        try {
          await openApp(page)
          // The page itself may not reach the model's origin: nothing arrives there.
          const outcome = await page.evaluate(async (url) => {
            try {
              await fetch(url, {
                method: 'POST',
                body: '{}',
                headers: { 'Content-Type': 'application/json' },
              })
              return 'answered'
            } catch {
              return 'refused'
            }
          }, `${model.url}/chat/completions`)
          expect(outcome).toBe('refused')
          await expect.poll(() => cspViolations.join('\n')).toMatch(/connect-src/)
          expect(cspViolations.join('\n')).toContain(new URL(model.url).origin)
          expect(model.requests).toHaveLength(0)
          // One refusal is reported several times (the page's event and Chromium's console line, for each
          // policy in force: the header's and the meta's on the sync server), each in its own time: all of
          // them are in once none has come for a second, and only then does the count start again.
          for (let before = -1; before !== cspViolations.length;) {
            before = cspViolations.length
            await page.waitForTimeout(1_000)
          }
          cspViolations.length = 0

          // Configured as the person's model server, the same origin answers through the API worker.
          await useFakeOpenAi(page, model.url, 'fake-model')
          const chat = new ChatPage(page)
          await chat.open()
          await chat.newChat()
          await chat.ask('When are tides highest?')
          await expect(chat.assistantMessages().last()).toContainText('Spring tides are highest.', {
            timeout: scaledTimeout(30_000),
          })
          expect(model.requests).toHaveLength(1)
          expect(cspViolations).toEqual([])
        } finally {
          await model.close()
        }
      })
    })

    test.describe('an injected script', () => {
      test.use({ expectCspViolations: true })

      test('never runs, inline or as an event handler', async ({ page, cspViolations }) => {
        await openApp(page)
        await page.evaluate(() => {
          const script = document.createElement('script')
          script.textContent = 'window.quireInjected = "inline"'
          document.body.append(script)
          const image = document.createElement('img')
          image.setAttribute('onerror', 'window.quireInjected = "handler"')
          image.src = '/nothing-here.png'
          document.body.append(image)
        })
        await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(2)
        expect(
          await page.evaluate(() => (window as { quireInjected?: string }).quireInjected),
        ).toBeUndefined()
        expect(cspViolations.join('\n')).toMatch(/script-src/)
      })
    })
  })
}
