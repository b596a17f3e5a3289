import { expect, test, type Page } from './support/test'
import { PluginBoardPage } from './pages/PluginBoardPage'
import { StandInDocsModule } from './pages/StandInDocsModule'
import { startFakeOllamaWithChat, type FakeOllamaWithChat } from './support/fakeOllamaWithChat'
import { APP_ORIGINS } from './support/appOrigins'
import { openApp } from './support/openApp'
import { pointSeededOllama } from './support/pointSeededOllama'
import { samplePluginZips } from './support/samplePluginZips'
import { saveUserSetting } from './support/saveUserSetting'
import { seedNotesCollection } from './support/seedNotesCollection'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 42 (b): a provided service on a port other than its default. Chat With Docs takes its document
// chat service's base from its module's config (`props.config.apiBaseUrl`); the QuireAiStandIn sample
// reads it the same way. A port the person moves in a plugin's settings while the page is open reaches
// Quire from then on, without a reload.
const MOVED_BASE = 'http://127.0.0.1:9123'
const RAG_PORT = 18555

let standInZip: Buffer
// The module lists the person's models as it loads (as Chat With Docs does): a model server must answer.
let ollama: FakeOllamaWithChat

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  standInZip = (await samplePluginZips('QuireAiStandIn')).QuireAiStandIn
  ollama = await startFakeOllamaWithChat({
    cors: APP_ORIGINS.map((origin) => origin.baseURL),
    reply: () => 'Unused.',
  })
  ollama.ollama.installed.add('tiny-chat:1b')
})

test.afterAll(async () => {
  await ollama?.close()
})

/** Saves the Chat plugin's RAG service setting in the person's settings and announces it, as a plugin's
 *  settings.setSetting in another tab does (pluginSettings' BroadcastChannel). */
async function moveRagService(page: Page, port: number): Promise<void> {
  const id = 'braindrive_rag_service_settings'
  const value = { document_chat: { protocol: 'http', host: 'localhost', port } }
  await saveUserSetting(page, id, id, value)
  await page.evaluate((change) => new BroadcastChannel('quire-setting-changes').postMessage(change), {
    id,
    value,
  })
}

// Before the move the frame's try of that port is another origin: its policy (and the app's inherited
// one) refuse it. That refusal, and only it, may break the app's policy.
test.use({ expectCspViolations: true })

for (const { name: host, baseURL } of APP_ORIGINS) {
  test.describe(`on ${host}`, () => {
    test.use({ baseURL })

    test('a module’s apiBaseUrl on another port reaches Quire, and a port moved in settings applies without a reload', async ({
      page,
      cspViolations,
    }) => {
      test.setTimeout(scaledTimeout(90_000))
      await openApp(page)
      await pointSeededOllama(page, ollama.url)
      await seedNotesCollection(page, 'Harbour')
      const board = new PluginBoardPage(page)
      await board.install(standInZip, 'QuireAiStandIn-1.0.0.zip')
      await board.create('Moved service', 'moved-service', [
        {
          i: 'docs',
          pluginId: 'QuireAiStandIn',
          moduleId: 'ChatWithDocs',
          x: 0,
          y: 0,
          w: 12,
          h: 12,
          config: { apiBaseUrl: MOVED_BASE },
        },
      ])
      await board.open('moved-service', 'Moved service')
      await expect(board.cell('docs')).toHaveAttribute('data-state', 'ready')

      // The module lists the collection and its document through its configured base, as at the default.
      const docs = new StandInDocsModule(board.module('docs'))
      await docs.collection('Harbour').click()
      await expect(docs.document('harbour.md')).toHaveText('harbour.md: completed')

      const listAt = (port: number) =>
        board
          .module('docs')
          .locator('body')
          .evaluate(async (_body, at) => {
            try {
              const response = await fetch(`http://localhost:${at}/collections/`)
              const names = ((await response.json()) as Array<{ name: string }>).map((c) => c.name)
              return { status: response.status, names }
            } catch {
              return { status: 0, names: [] }
            }
          }, port)

      // Not moved yet: another origin, which the frame's policy refuses (a network error).
      expect(await listAt(RAG_PORT)).toEqual({ status: 0, names: [] })

      // Moved while the page is open: the same frame reaches Quire at the new port.
      await moveRagService(page, RAG_PORT)
      await expect.poll(() => listAt(RAG_PORT)).toEqual({ status: 200, names: ['Harbour'] })
      expect(cspViolations.filter((violation) => !violation.includes(`localhost:${RAG_PORT}`))).toEqual([])
    })
  })
}
