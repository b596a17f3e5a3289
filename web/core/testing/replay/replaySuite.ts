import { aiProvidersReplay } from './aiProvidersReplay'
import { authReplay } from './authReplay'
import { chatWithDocsReplay } from './chatWithDocsReplay'
import { chatWithDocsServiceReplay } from './chatWithDocsServiceReplay'
import { componentsReplay } from './componentsReplay'
import { conversationsReplay } from './conversationsReplay'
import { extractionReplay } from './extractionReplay'
import { jobsReplay } from './jobsReplay'
import { navigationReplay } from './navigationReplay'
import { ollamaPluginReplay } from './ollamaPluginReplay'
import { pagesReplay } from './pagesReplay'
import { personasReplay } from './personasReplay'
import { pluginStateReplay } from './pluginStateReplay'
import { pluginsReplay } from './pluginsReplay'
import type { ReplayCase } from './ReplayCase'
import { settingsReplay } from './settingsReplay'

/**
 * The client replay suite: the requests BrainDrive's web app and plugins make to the platform
 * endpoints Quire has, each citing where the client makes it, asserting what the client reads.
 * Both hosts run it as a new user (the records a new account starts with included): the server over
 * HTTP (sync-server/test/replay.test.ts), the browser through its service worker (e2e/replay.spec.ts).
 * It is the contract for BrainDrive compatibility: a change of the platform API that breaks one of
 * these breaks a real client.
 */
export const replaySuite: ReplayCase[] = [
  ...authReplay,
  ...settingsReplay,
  ...pagesReplay,
  ...navigationReplay,
  ...componentsReplay,
  ...pluginStateReplay,
  ...pluginsReplay,
  ...conversationsReplay,
  ...personasReplay,
  ...extractionReplay,
  ...jobsReplay,
  ...ollamaPluginReplay,
  ...chatWithDocsReplay,
  ...chatWithDocsServiceReplay,
  ...aiProvidersReplay,
]
