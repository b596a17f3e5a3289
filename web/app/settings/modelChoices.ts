import type { AllModels, ModelListError, ProviderModel, ServerProvider } from '../api/aiApi'
import { PROVIDER_SETTINGS } from '../api/aiApi'
import type { GeneratorInput, GeneratorView } from '../api/settingsApi'
import { registryFormOf, type RegistryServerRef } from '../../core/generate/legacyGeneratorServer'

/** One option of the model picker: its select value and what the saved generator becomes. */
export interface ModelChoice {
  value: string
  label: string
  generator: GeneratorInput | null
}

/** The models of one server, an <optgroup>. */
export interface ModelGroup {
  label: string
  choices: ModelChoice[]
}

export interface ModelChoices {
  groups: ModelGroup[]
  /** The saved generator's option value ('' when it is none of the listed ones). */
  selected: string
  /** A saved choice the list does not show (a server down, or saved before the registry), kept selectable. */
  saved: ModelChoice | null
  errors: ModelListError[]
}

export const EXTRACTIVE = 'extractive'
export const WEBLLM = 'webllm'
const SAVED = 'saved'

const PROVIDER_LABELS: Record<string, string> = {
  ollama: 'Ollama',
  openai: 'OpenAI-compatible',
  anthropic: 'Anthropic',
}

export function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider] ?? provider
}

const isServerProvider = (provider: string): provider is ServerProvider => provider in PROVIDER_SETTINGS

const valueOf = (provider: string, serverId: string, model: string) =>
  JSON.stringify([provider, serverId, model])

function choiceOf(model: ProviderModel): ModelChoice | null {
  if (!isServerProvider(model.provider)) return null
  return {
    value: valueOf(model.provider, model.server_id, model.name),
    label: model.name,
    generator: {
      kind: 'provider',
      provider: model.provider,
      settings_id: PROVIDER_SETTINGS[model.provider],
      server_id: model.server_id,
      model: model.name,
    },
  }
}

/**
 * The picker's options from all-models: one group per provider and server, in the order the servers
 * came, with the saved generator selected. A generator saved before the registry is shown as its
 * server's model when one of the listed servers is the same endpoint (registryFormOf), so choosing it
 * again stores the registry form (`servers`: the person's servers with their addresses, which
 * all-models does not give); otherwise, like a registry model whose server is down, it stays as
 * an option of its own ("saved"), so that opening Settings never changes what answers.
 */
export function modelChoices(
  all: AllModels,
  saved: GeneratorView,
  servers: readonly RegistryServerRef[],
): ModelChoices {
  const groups = new Map<string, ModelGroup>()
  for (const model of all.models) {
    const choice = choiceOf(model)
    if (!choice) continue
    const key = JSON.stringify([model.provider, model.server_id])
    const group = groups.get(key) ?? {
      label: `${providerLabel(model.provider)}: ${model.server_name}`,
      choices: [],
    }
    if (!group.choices.some((known) => known.value === choice.value)) group.choices.push(choice)
    groups.set(key, group)
  }
  const listed = [...groups.values()].flatMap((group) => group.choices)
  const result = (selected: string, kept: ModelChoice | null): ModelChoices => ({
    groups: [...groups.values()],
    selected,
    saved: kept,
    errors: all.errors,
  })
  if (saved.kind === 'extractive') return result(EXTRACTIVE, null)
  if (saved.kind === 'webllm') return result(WEBLLM, null)
  // A saved openai/ollama generator has a base_url; registryFormOf reads no key, so the view will do.
  const registry = saved.kind === 'provider' ? saved : registryFormOf(saved, servers)
  if (registry) {
    const value = valueOf(registry.provider, registry.server_id ?? '', registry.model)
    if (listed.some((choice) => choice.value === value)) return result(value, null)
  }
  return result(SAVED, savedChoice(saved))
}

function savedChoice(
  saved: Exclude<GeneratorView, { kind: 'extractive' } | { kind: 'webllm' }>,
): ModelChoice {
  if (saved.kind === 'provider') {
    return {
      value: SAVED,
      label: `${saved.model} on ${providerLabel(saved.provider)} server ${saved.server_id ?? ''} (not listed now)`,
      generator: null,
    }
  }
  return {
    value: SAVED,
    label: `${saved.model} at ${saved.base_url} (${providerLabel(saved.kind)}, saved before server lists)`,
    generator: null,
  }
}
