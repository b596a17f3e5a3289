import type { HostCase } from '../../testing/HostCase'
import type { ContractClient } from './ContractClient'
import { chatContract } from './chatContract'
import { collectionsContract } from './collectionsContract'
import { documentsContract } from './documentsContract'
import { evaluationContract } from './evaluationContract'
import { extractionContract } from './extractionContract'
import { healthContract } from './healthContract'
import { searchContract } from './searchContract'
import { settingsContract } from './settingsContract'

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
]
