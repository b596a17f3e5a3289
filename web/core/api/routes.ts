import { chatRoutes } from './chat/chatRoutes'
import { collectionRoutes } from './collections/collectionRoutes'
import { documentFileRoute } from './documents/documentFileRoute'
import { documentRoutes } from './documents/documentRoutes'
import { folderRoutes } from './folders/folderRoutes'
import { evaluationRoutes } from './evaluation/evaluationRoutes'
import { questionRunRoutes } from './evaluation/questionRunRoutes'
import { runListRoutes } from './evaluation/runListRoutes'
import { deleteStateRoute } from './evaluation/deleteStateRoute'
import { extractionRoutes } from './extraction/extractionRoutes'
import { healthRoutes } from './health/healthRoutes'
import { conversationRoutes } from './platform/conversations/conversationRoutes'
import { personaRoutes } from './platform/personas/personaRoutes'
import { pluginStateRoutes } from './platform/pluginState/pluginStateRoutes'
import { tagRoutes } from './platform/tags/tagRoutes'
import type { Route } from './Route'
import { aiRoutes } from './platform/ai/aiRoutes'
import { searchRoutes } from './search/searchRoutes'
import { embedderLoadRoutes } from './settings/embedderLoadRoutes'
import { settingsRoutes } from './settings/settingsRoutes'
import { webLlmModelRoutes } from './settings/webLlmModelsRoute'
import { pageDesignerRoutes } from './platform/pageDesignerRoutes'
import { pluginRoutes } from './platform/plugins/pluginRoutes'
import { pluginInstallRoutes } from './platform/plugins/pluginInstallRoutes'
import { webSearchRoutes } from './platform/websearch/webSearchRoutes'
import { modelHostRoutes } from './platform/modelhost/modelHostRoutes'
import { archiveRoutes } from './archive/archiveRoutes'
import { serviceAliases } from './serviceAliases'

const specRoutes: readonly Route[] = [
  ...healthRoutes,
  ...collectionRoutes,
  ...documentRoutes,
  ...folderRoutes,
  documentFileRoute,
  ...extractionRoutes,
  ...searchRoutes,
  ...chatRoutes,
  // Before evaluationRoutes: `state/in-progress` must match before `state/:evaluation_run_id`.
  ...runListRoutes,
  ...questionRunRoutes,
  ...evaluationRoutes,
  deleteStateRoute,
  ...settingsRoutes,
  ...webLlmModelRoutes,
  ...embedderLoadRoutes,
  ...pluginStateRoutes,
  ...conversationRoutes,
  ...tagRoutes,
  ...personaRoutes,
  ...pageDesignerRoutes,
  ...pluginRoutes,
  ...pluginInstallRoutes,
  ...webSearchRoutes,
  ...modelHostRoutes,
  ...aiRoutes,
  ...archiveRoutes,
]

/**
 * The whole REST surface, mounted unchanged by the browser host and by the sync server: the spec's
 * routes and BrainDrive's document-chat service's aliases of some of them (same handlers).
 */
export const routes: readonly Route[] = [...specRoutes, ...serviceAliases(specRoutes)]
