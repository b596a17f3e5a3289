/**
 * The services BrainDrive's frontend hands a plugin module, method by method, as BrainDrive-Core
 * implements them (read at commit 05116ac, `frontend/src`): which return at once and which return a
 * promise, what they take and answer. The frame builds each module's `services` from this table (so
 * a plugin that renders `theme.getCurrentTheme()` renders a string, not a promise), the host answers
 * the calls it carries, and docs/braindrive-services.md is the same table for people.
 *
 * BrainDrive passes a service only where the module declares it in `required_services`, and of it only
 * the declared methods (`utils/serviceBridge.ts:221`); Quire offers every known method and refuses the
 * undeclared ones with the same rule, before anything runs.
 */

/**
 * How a method behaves across the frame boundary:
 * - `async`: answers a promise; carried to the host as a call.
 * - `read`: answers at once, from the frame's mirror of what the host pushed (`mirror`).
 * - `command`: answers undefined at once; the host applies it, the mirror follows.
 * - `listen` / `unlisten`: add or remove a callback (`topic`), answer undefined.
 * - `subscribe`: adds a callback and answers the function that removes it.
 * - `local`: answered in the frame from what the module gave it (pluginState's configuration and schema).
 */
export type CallStyle = 'async' | 'read' | 'command' | 'listen' | 'unlisten' | 'subscribe' | 'local'

/** What a callback listens to: the theme, the page context, one setting, a setting category, a channel. */
export type Topic = 'theme' | 'pageContext' | 'setting' | 'category' | 'message' | 'sse'

/** What a read answers from. */
export type Mirror = 'theme' | 'pageContext' | 'setting'

export interface MethodContract {
  style: CallStyle
  /** BrainDrive's signature, in TypeScript. */
  signature: string
  /** Where BrainDrive defines it: `path:line` under BrainDrive-Core's frontend/src (or the template). */
  source: string
  /** Whether Quire implements it; a method it does not answers a 501 that says so. */
  quire: boolean
  mirror?: Mirror
  topic?: Topic
  /** An async method one of whose arguments is a callback for each chunk of a streamed answer. */
  streams?: boolean
  /** Which argument that callback is (from 0); the host gets the stream's number in its place. */
  callbackArg?: number
  /** A listener that the host must know of (it starts delivering that topic's key), not only the frame. */
  tellsHost?: boolean
  /** Where Quire differs, or why it has no such method. */
  note?: string
}

export const BRAINDRIVE_CORE = 'BrainDrive-Core@05116ac frontend/src'
export const BRAINDRIVE_TEMPLATE = 'PluginTemplate src/types.ts'

const api = (signature: string, line: number, quire = true, note?: string): MethodContract => ({
  style: 'async',
  signature,
  source: `services/ApiService.ts:${line}`,
  quire,
  ...(note ? { note } : {}),
})

const pageState = (signature: string, line: number, note: string): MethodContract => ({
  style: 'async',
  signature,
  source: `services/PageContextService.ts:${line}`,
  quire: true,
  note,
})

const STATE_STORE =
  'kept in this tab’s sessionStorage under the module’s own plugin, as BrainDrive’s SessionStorageManager keeps it: it outlives a reload, not the tab'

const state = (style: CallStyle, signature: string, line: number, note?: string): MethodContract => ({
  style,
  signature,
  source: `services/PluginStateService.ts:${line}`,
  quire: true,
  ...(note ? { note } : {}),
})

export const BRAINDRIVE_SERVICES = {
  api: {
    get: api('get(path, config?): Promise<response.data>', 576),
    post: api('post(path, data?, config?): Promise<response.data>', 583),
    put: api('put(path, data?, config?): Promise<response.data>', 869),
    delete: api('delete(path, config?): Promise<response.data>', 899),
    patch: api('patch(path, data?, config?): Promise<response.data>', 906),
    postStreaming: {
      ...api('postStreaming(path, data?, onChunk?, config?): Promise<string>', 639),
      streams: true,
      callbackArg: 2,
      note: 'a server-sent event stream: onChunk gets each event’s data in the frame; resolves with them joined at [DONE] or the end',
    },
    getSse: {
      ...api('getSse(path, onMessage?): Promise<void>', 702),
      streams: true,
      callbackArg: 1,
      note: 'a GET asking for text/event-stream, with the api’s permissions: onMessage gets each event’s data in the frame; resolves when the server ends the stream, rejects with “Unexpected response: <status> <type>” for an answer that is not one',
    },
    subscribeToSse: {
      style: 'subscribe',
      signature: 'subscribeToSse(path, handlers: {onOpen?, onMessage?, onError?, onClose?}): () => void',
      source: 'services/ApiService.ts:751',
      quire: true,
      topic: 'sse',
      note: 'as getSse; onOpen gets a Response with the stream’s status and content-type (no body), onClose the server’s end, onError a refusal or failure; the returned function stops the stream (no onClose then, as in BrainDrive)',
    },
  },
  theme: {
    getCurrentTheme: {
      style: 'read',
      signature: "getCurrentTheme(): 'light' | 'dark'",
      source: 'services/themeService.ts:59',
      quire: true,
      mirror: 'theme',
    },
    setTheme: {
      style: 'command',
      signature: "setTheme(theme: 'light' | 'dark'): void",
      source: 'services/themeService.ts:63',
      quire: true,
      note: 'shows the theme on this page, every frame and built-in following; saves nothing, as BrainDrive’s only shows it (its ThemeSelector saves theme_settings itself; Quire follows that setting when a module saves it)',
    },
    toggleTheme: {
      style: 'command',
      signature: 'toggleTheme(): void',
      source: 'services/themeService.ts:80',
      quire: true,
    },
    addThemeChangeListener: {
      style: 'listen',
      signature: 'addThemeChangeListener(listener: (theme) => void): void',
      source: 'services/themeService.ts:85',
      quire: true,
      topic: 'theme',
    },
    removeThemeChangeListener: {
      style: 'unlisten',
      signature: 'removeThemeChangeListener(listener): void',
      source: 'services/themeService.ts:91',
      quire: true,
      topic: 'theme',
    },
  },
  settings: {
    getSetting: {
      style: 'async',
      signature: 'getSetting(definitionId, context?): Promise<value | undefined>',
      source: 'services/SettingsService.ts:97',
      quire: true,
      note: 'the value of the person’s instance; the frame’s mirror keeps it for get()',
    },
    setSetting: {
      style: 'async',
      signature: 'setSetting(definitionId, value, context?): Promise<void>',
      source: 'services/SettingsService.ts:135',
      quire: true,
      note: 'subscribers of the setting on the page hear the new value',
    },
    deleteSetting: {
      style: 'async',
      signature: 'deleteSetting(definitionId, context): Promise<void>',
      source: 'services/SettingsService.ts:197',
      quire: true,
      note: 'deletes the instance of the context (none: rejects, 404); subscribers of the setting hear undefined (BrainDrive tells those of the instance id), its category’s hear the rest',
    },
    registerSettingDefinition: {
      style: 'async',
      signature: 'registerSettingDefinition(definition): Promise<void>',
      source: 'services/SettingsService.ts:215',
      quire: true,
      note: 'creates the definition through /api/v1/settings/definitions; one that exists is left as it is',
    },
    getSettingDefinitions: {
      style: 'async',
      signature: 'getSettingDefinitions(filter?: {category?, tags?}): Promise<SettingDefinition[]>',
      source: 'services/SettingsService.ts:224',
      quire: true,
    },
    createSettingInstance: {
      style: 'async',
      signature: 'createSettingInstance(definitionId, value, context, name?): Promise<SettingInstance>',
      source: 'services/SettingsService.ts:241',
      quire: true,
      note: 'the person’s instances in /api/v1/settings/instances (synced; BrainDrive keeps them in the page): the context’s scope as BrainDrive derives it (userId and pageId: page), another user’s id is 403; one in the same context is refused (409) unless the definition is_multiple',
    },
    getSettingInstance: {
      style: 'async',
      signature: 'getSettingInstance(definitionId, context): Promise<SettingInstance | undefined>',
      source: 'services/SettingsService.ts:299',
      quire: true,
      note: 'the person’s instances in /api/v1/settings/instances (synced; BrainDrive keeps them in the page): the context’s scope as BrainDrive derives it (userId and pageId: page), another user’s id is 403',
    },
    getSettingInstances: {
      style: 'async',
      signature: 'getSettingInstances(definitionId, context): Promise<SettingInstance[]>',
      source: 'services/SettingsService.ts:332',
      quire: true,
      note: 'every instance of the definition, narrowed to the context’s page',
    },
    updateSettingInstance: {
      style: 'async',
      signature: 'updateSettingInstance(instanceId, value): Promise<SettingInstance>',
      source: 'services/SettingsService.ts:339',
      quire: true,
      note: 'the value checked against the definition (422); subscribers and the category’s hear it',
    },
    deleteSettingInstance: {
      style: 'async',
      signature: 'deleteSettingInstance(instanceId): Promise<void>',
      source: 'services/SettingsService.ts:372',
      quire: true,
      note: 'an unknown id rejects with 404',
    },
    subscribe: {
      style: 'subscribe',
      signature: 'subscribe(key, callback: (value) => void): () => void',
      source: 'services/SettingsService.ts:391',
      quire: true,
      topic: 'setting',
      tellsHost: true,
    },
    subscribeToCategory: {
      style: 'subscribe',
      signature: 'subscribeToCategory(category, callback: (instances) => void): () => void',
      source: 'services/SettingsService.ts:408',
      quire: true,
      topic: 'category',
      tellsHost: true,
      note: 'called with the category’s instances whenever one of its settings changes: from this module, another, Settings or another tab',
    },
    get: {
      style: 'read',
      signature: 'get(key): any',
      source: `${BRAINDRIVE_TEMPLATE}:28`,
      quire: true,
      mirror: 'setting',
      note: 'the template declares it, BrainDrive-Core has no such method; Quire answers the last value the module read, saved or subscribed to',
    },
    set: {
      style: 'async',
      signature: 'set(key, value): Promise<void>',
      source: `${BRAINDRIVE_TEMPLATE}:29`,
      quire: true,
      note: 'the template declares it, BrainDrive-Core has no such method; Quire treats it as setSetting',
    },
  },
  event: {
    sendMessage: {
      style: 'command',
      signature: 'sendMessage(targetModuleId, message, options?: {remote?, persist?}): void',
      source: 'services/EventService.ts:94',
      quire: true,
      note: 'delivered to the page’s modules subscribed to the target; a type the module does not declare in messages.sends is refused (logged)',
    },
    subscribeToMessages: {
      style: 'listen',
      signature: 'subscribeToMessages(moduleId, callback: (message) => void, options?): void',
      source: 'services/EventService.ts:139',
      quire: true,
      topic: 'message',
      tellsHost: true,
    },
    unsubscribeFromMessages: {
      style: 'unlisten',
      signature: 'unsubscribeFromMessages(moduleId, callback, options?): void',
      source: 'services/EventService.ts:161',
      quire: true,
      topic: 'message',
      tellsHost: true,
    },
  },
  pageContext: {
    getCurrentPageContext: {
      style: 'read',
      signature: 'getCurrentPageContext(): {pageId, pageName, pageRoute, isStudioPage} | null',
      source: 'services/PageContextService.ts:125',
      quire: true,
      mirror: 'pageContext',
    },
    onPageContextChange: {
      style: 'subscribe',
      signature: 'onPageContextChange(callback: (context) => void): () => void',
      source: 'services/PageContextService.ts:134',
      quire: true,
      topic: 'pageContext',
    },
    savePluginState: pageState(
      'savePluginState(pluginId, state): Promise<void>',
      147,
      `${STATE_STORE}; another plugin’s id rejects with 403; saved whether or not pluginState was configured (BrainDrive ignores it until then)`,
    ),
    getPluginState: pageState(
      'getPluginState(pluginId): Promise<any>',
      211,
      'the state saved, or null; another plugin’s id rejects with 403',
    ),
    clearPluginState: pageState(
      'clearPluginState(pluginId): Promise<void>',
      259,
      'another plugin’s id rejects with 403',
    ),
  },
  pluginState: {
    configure: state(
      'local',
      'configure(config: PluginStateConfig): void',
      119,
      'kept in the frame (it may hold functions); the service BrainDrive’s renderer makes for the module’s plugin (`features/unified-dynamic-page-renderer/components/ModuleRenderer.tsx:156`), all its methods there once the module declares `pluginState`',
    ),
    getConfiguration: state('local', 'getConfiguration(): PluginStateConfig | null', 130),
    saveState: state(
      'async',
      'saveState(state): Promise<void>',
      134,
      `validated and sanitized against stateSchema in the frame, then ${STATE_STORE}; rejects before configure(); stateStrategy none keeps nothing`,
    ),
    getState: state(
      'async',
      'getState(): Promise<any>',
      186,
      'the state saved, or null; onRestore callbacks hear it',
    ),
    clearState: state('async', 'clearState(): Promise<void>', 216),
    validateState: state('local', 'validateState(state): boolean', 243),
    sanitizeState: state('local', 'sanitizeState(state): any', 278),
    onSave: state('subscribe', 'onSave(callback: (state) => void): () => void', 319),
    onRestore: state('subscribe', 'onRestore(callback: (state) => void): () => void', 331),
    onClear: state('subscribe', 'onClear(callback: () => void): () => void', 343),
  },
} satisfies Record<string, Record<string, MethodContract>>

export type ServiceName = keyof typeof BRAINDRIVE_SERVICES

/** The contract of `service.method`, or undefined for one BrainDrive does not have. */
export function methodContract(service: string, method: string): MethodContract | undefined {
  if (!Object.hasOwn(BRAINDRIVE_SERVICES, service)) return undefined
  const methods: Record<string, MethodContract> = BRAINDRIVE_SERVICES[service as ServiceName]
  return Object.hasOwn(methods, method) ? methods[method] : undefined
}

/**
 * The props BrainDrive's renderer gives a module besides `services`, in its order: config field
 * defaults, the module's `props`, the page's configured values (`components/PluginModuleRenderer.tsx:571`
 * .. 585), then `id`/`instanceId`, `moduleId`, `pluginId`, `isLocal`, `config`, `mode`, `breakpoint`
 * (`features/unified-dynamic-page-renderer/components/ModuleRenderer.tsx:380`,
 * `adapters/LegacyModuleAdapter.tsx:579`) and the messaging functions (`sendMessage`, `addConnection`,
 * `removeConnection`, `subscribe`, `moduleMessaging`, `messages`), which the frame adds.
 */
export const BRAINDRIVE_PROPS_SOURCE = 'components/PluginModuleRenderer.tsx:571'
