import { describe, expect, it } from 'vitest'
import type { AllModels } from '../api/aiApi'
import { EXTRACTIVE, modelChoices, WEBLLM } from './modelChoices'

const all: AllModels = {
  models: [
    { id: 'llama3.2', name: 'llama3.2', provider: 'ollama', server_id: 'gpu', server_name: 'GPU box' },
    { id: 'qwen', name: 'qwen', provider: 'ollama', server_id: 'gpu', server_name: 'GPU box' },
    { id: 'fake-1', name: 'fake-1', provider: 'openai', server_id: 'lab', server_name: 'Lab' },
    { id: 'x', name: 'x', provider: 'webllm', server_id: 'webllm', server_name: 'Browser' },
  ],
  errors: [{ provider: 'ollama', server_id: 'old', server_name: 'Old', detail: 'Could not reach Ollama' }],
}
const servers = [
  {
    provider: 'ollama',
    settings_id: 'ollama_servers_settings',
    id: 'gpu',
    serverAddress: 'http://gpu.lan:11434',
  },
  {
    provider: 'openai',
    settings_id: 'openai_api_keys_settings',
    id: 'lab',
    serverAddress: 'http://lab:8000/v1',
  },
]

describe('modelChoices', () => {
  it('groups the models by provider and server, each choosing a registry generator', () => {
    const choices = modelChoices(all, { kind: 'extractive' }, servers)
    expect(choices.selected).toBe(EXTRACTIVE)
    expect(choices.groups.map((group) => [group.label, group.choices.map((c) => c.label)])).toEqual([
      ['Ollama: GPU box', ['llama3.2', 'qwen']],
      ['OpenAI-compatible: Lab', ['fake-1']],
    ])
    expect(choices.groups[1]?.choices[0]?.generator).toEqual({
      kind: 'provider',
      provider: 'openai',
      settings_id: 'openai_api_keys_settings',
      server_id: 'lab',
      model: 'fake-1',
    })
    expect(choices.errors).toEqual(all.errors)
  })

  it('selects the saved registry model, or keeps it as its own option while its server is not listed', () => {
    const saved = { kind: 'provider', provider: 'ollama', server_id: 'gpu', model: 'qwen' } as const
    const listed = modelChoices(all, saved, servers)
    expect(listed.saved).toBeNull()
    expect(listed.groups[0]?.choices[1]?.value).toBe(listed.selected)

    const down = modelChoices(all, { ...saved, server_id: 'old' }, servers)
    expect(down.selected).toBe('saved')
    expect(down.saved?.label).toBe('qwen on Ollama server old (not listed now)')
    expect(modelChoices(all, { kind: 'webllm', model: 'm' }, servers).selected).toBe(WEBLLM)
  })

  it('shows a generator saved before the registry as its server’s model, else as it was saved', () => {
    const mapped = modelChoices(
      all,
      { kind: 'ollama', base_url: 'http://gpu.lan:11434/', model: 'llama3.2' },
      servers,
    )
    expect(mapped.saved).toBeNull()
    expect(mapped.selected).toBe(mapped.groups[0]?.choices[0]?.value)

    const kept = modelChoices(
      all,
      { kind: 'openai', base_url: 'https://api.groq.com/openai/v1', model: 'm', has_api_key: true },
      servers,
    )
    expect(kept.selected).toBe('saved')
    expect(kept.saved?.label).toBe(
      'm at https://api.groq.com/openai/v1 (OpenAI-compatible, saved before server lists)',
    )
  })
})
