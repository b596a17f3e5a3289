import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { chatContract } from './chatContract'
import { collectionsContract } from './collectionsContract'
import { conversationLinksContract } from './conversationLinksContract'
import { conversationsContract } from './conversationsContract'
import { personasContract } from './personasContract'
import { pluginStateContract } from './pluginStateContract'
import { tagsContract } from './tagsContract'
import { documentsContract } from './documentsContract'
import { evaluationContract } from './evaluationContract'
import { extractionContract } from './extractionContract'
import { healthContract } from './healthContract'
import { searchContract } from './searchContract'
import { settingsContract } from './settingsContract'
import { apiKeysContract } from './apiKeysContract'
import { componentsContract } from './componentsContract'
import { navigationRoutesContract } from './navigationRoutesContract'
import { pagesContract } from './pagesContract'
import { pageBackupsContract } from './pageBackupsContract'
import { platformSettingsContract } from './platformSettingsContract'
import { pluginsContract } from './pluginsContract'
import { pluginInstallContract } from './pluginInstallContract'
import { webSearchContract } from './webSearchContract'

/** Every REST contract case; each host's runner executes all of them with the same assertions. */
export const contractSuite: HostCase<ContractClient>[] = [
  ...healthContract,
  ...collectionsContract,
  ...documentsContract,
  ...extractionContract,
  ...searchContract,
  ...chatContract,
  ...evaluationContract,
  ...settingsContract,
  ...platformSettingsContract,
  ...apiKeysContract,
  ...pagesContract,
  ...pageBackupsContract,
  ...navigationRoutesContract,
  ...componentsContract,
  ...pluginStateContract,
  ...conversationsContract,
  ...conversationLinksContract,
  ...tagsContract,
  ...personasContract,
  ...pluginsContract,
  ...pluginInstallContract,
  ...webSearchContract,
]
