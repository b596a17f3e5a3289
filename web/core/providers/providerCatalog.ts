/**
 * The providers of the registry (DESIGN.md section 9) and where each keeps its servers: a setting
 * instance under BrainDrive's definition id. `ollama` lists servers (`{servers: [{id, serverName,
 * serverAddress, apiKey}]}`); `openai` and `anthropic` keep one key (`{api_key}`, BrainDrive's form),
 * which is one server at the vendor's address (or at `base_url`, for any OpenAI-compatible server),
 * and may list more servers the way Ollama does. `webllm` runs in the browser and has no servers.
 */
export const PROVIDER_NAMES = ['ollama', 'openai', 'anthropic', 'webllm'] as const

export type ProviderName = (typeof PROVIDER_NAMES)[number]

export interface ProviderInfo {
  name: ProviderName
  label: string
  /** BrainDrive's setting definition id for this provider's servers or key; absent for webllm. */
  definitionId?: string
  /** The id of the one server BrainDrive's `{api_key}` form stands for (`openai_default_server`). */
  defaultServerId?: string
  /** Where that server is when the setting names no `base_url`. */
  defaultAddress?: string
  /** Whether a server of this provider needs an API key to be usable. */
  needsKey: boolean
}

export const PROVIDERS: Record<ProviderName, ProviderInfo> = {
  ollama: {
    name: 'ollama',
    label: 'Ollama',
    definitionId: 'ollama_servers_settings',
    needsKey: false,
  },
  openai: {
    name: 'openai',
    label: 'OpenAI-compatible',
    definitionId: 'openai_api_keys_settings',
    defaultServerId: 'openai_default_server',
    defaultAddress: 'https://api.openai.com/v1',
    needsKey: false,
  },
  anthropic: {
    name: 'anthropic',
    label: 'Anthropic',
    // BrainDrive names this provider `claude`; its setting keeps that name.
    definitionId: 'claude_api_keys_settings',
    defaultServerId: 'claude_default_server',
    defaultAddress: 'https://api.anthropic.com',
    needsKey: true,
  },
  webllm: { name: 'webllm', label: 'WebLLM (in this browser)', needsKey: false },
}

/** BrainDrive's names for the same providers, accepted on input. */
const ALIASES: Record<string, ProviderName> = { claude: 'anthropic' }

/** The provider a request names (BrainDrive's `claude` is `anthropic`), or undefined for an unknown one. */
export function providerNamed(name: string): ProviderName | undefined {
  const lower = name.trim().toLowerCase()
  if ((PROVIDER_NAMES as readonly string[]).includes(lower)) return lower as ProviderName
  return ALIASES[lower]
}
