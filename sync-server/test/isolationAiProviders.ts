import type { AttemptFor, PlatformRecords } from './isolationPlatform'

/**
 * The AI provider routes' part of isolation.test.ts: how user B would reach A's settings instance
 * (as a `settings_id`) and A's conversation and persona (as chat fields). Each reads the caller's own
 * data space, so A's ids are not found for B (404). aiProviders.test.ts covers the rest.
 */

export const aiProviderAttempts: Record<string, AttemptFor<PlatformRecords>> = {
  listAiProviders: { names: 'nothing', why: 'the host’s providers' },
  validateAiProvider: { names: 'nothing', why: 'tests only the URL and key B sends; stores nothing' },
  listAiProviderModels: (a) => ({
    method: 'GET',
    path: `/api/v1/ai/providers/models?provider=ollama&settings_id=${a.instance}`,
  }),
  listAllAiModels: { names: 'nothing', why: 'asks B’s own servers (aiProviders.test)' },
  generateAiText: (a) => ({
    method: 'POST',
    path: '/api/v1/ai/providers/generate',
    json: { provider: 'ollama', settings_id: a.instance, model: 'm', prompt: 'hi' },
  }),
  chatAiProvider: (a) => ({
    method: 'POST',
    path: '/api/v1/ai/providers/chat',
    json: {
      provider: 'ollama',
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      conversation_id: a.conversation,
      persona_id: a.persona,
    },
  }),
  cancelAiGeneration: (a) => ({
    method: 'POST',
    path: '/api/v1/ai/providers/cancel',
    json: { conversation_id: a.conversation },
    // Answered 200 `cancelled: false`: nothing of B's runs under A's id (generations are keyed by person).
    status: 200,
  }),
  listAiProviderSettings: { names: 'nothing', why: 'checked by the lists (B’s own settings)' },
  saveAiProviderSetting: (a) => ({
    method: 'POST',
    path: '/api/v1/ai/settings/providers',
    json: { provider: 'ollama', instance_id: a.instance, config: { servers: [] } },
  }),
  deleteAiProviderSetting: (a) => ({
    method: 'DELETE',
    path: `/api/v1/ai/settings/providers/ollama/${a.instance}`,
  }),
  listAiSettingServers: (a) => ({ method: 'GET', path: `/api/v1/ai/settings/servers/${a.instance}` }),
}
