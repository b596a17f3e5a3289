import type { HostCase } from '../../testing/HostCase'
import type { ContractClient } from './ContractClient'
import { collectionsContract } from './collectionsContract'
import { documentsContract } from './documentsContract'
import { extractionContract } from './extractionContract'
import { healthContract } from './healthContract'

/** Every REST contract case; each host's runner executes all of them with the same assertions. */
export const contractSuite: HostCase<ContractClient>[] = [
  ...healthContract,
  ...collectionsContract,
  ...documentsContract,
  ...extractionContract,
]
