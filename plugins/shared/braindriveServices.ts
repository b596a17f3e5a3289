// The props a module receives, in the shapes BrainDrive hands them to its plugins (its PluginTemplate's
// `types.ts`, BrainDrive-Core's services; the whole contract with source lines is
// web/core/plugins/runtime/braindriveContract.ts). Synchronous methods are synchronous in Quire too;
// the older samples still read them through `settle`, which takes a value or a promise.

/** `api.get(path)` resolves with the response body (BrainDrive's ApiService returns axios' `response.data`)
 *  and rejects when the request fails. */
export interface ApiService {
  get(path: string, options?: unknown): Promise<unknown>
  post(path: string, data?: unknown, options?: unknown): Promise<unknown>
  put(path: string, data?: unknown, options?: unknown): Promise<unknown>
  patch?(path: string, data?: unknown, options?: unknown): Promise<unknown>
  delete(path: string, options?: unknown): Promise<unknown>
}

export type ThemeListener = (theme: string) => void
/** The theme is a name: 'light' or 'dark'. */
export interface ThemeService {
  getCurrentTheme(): string
  setTheme?(theme: 'light' | 'dark'): void
  toggleTheme?(): void
  addThemeChangeListener(listener: ThemeListener): void
  removeThemeChangeListener(listener: ThemeListener): void
}

/** `getSetting(definitionId)` resolves with the setting's value, or undefined/null when there is none. */
export interface SettingsService {
  getSetting(definitionId: string): Promise<unknown>
  setSetting?(definitionId: string, value: unknown): Promise<unknown>
  getSettingDefinitions?(filter?: { category?: string; tags?: string[] }): Promise<unknown>
  registerSettingDefinition?(definition: Record<string, unknown>): Promise<void>
  /** The template's synchronous read: the last value this module read, saved or subscribed to. */
  get?(key: string): unknown
  subscribe?(key: string, callback: (value: unknown) => void): () => void
}

export type MessageListener = (message: unknown) => void
/** Messages travel on a named channel (BrainDrive calls it the target module id): the sender names it,
 *  the receiver subscribes to it. The message itself is `{type, content}`, `type` declared in the
 *  module's `messages.sends` / `messages.receives`. */
export interface EventService {
  sendMessage(target: string, message: unknown, options?: { remote?: boolean; persist?: boolean }): void
  subscribeToMessages(target: string, listener: MessageListener): void
  unsubscribeFromMessages(target: string, listener: MessageListener): void
}

export interface PageContext {
  pageId: string
  pageName: string
  pageRoute: string
  isStudioPage: boolean
}
export type PageContextListener = (context: PageContext | null) => void
/** `onPageContextChange` answers the function that stops listening. */
export interface PageContextService {
  getCurrentPageContext(): PageContext | null
  onPageContextChange(listener: PageContextListener): () => void
}

export interface Services {
  api?: ApiService
  theme?: ThemeService
  settings?: SettingsService
  event?: EventService
  pageContext?: PageContextService
}

export interface ModuleProps<Config> {
  pluginId?: string
  moduleId?: string
  /** The module's place on the page (the layout item's `i`). */
  instanceId?: string
  config?: Partial<Config>
  services?: Services
}

/** A value or a promise of it, as a promise: synchronous services and RPC-carried ones read alike. */
export function settle<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(run())
  } catch (error) {
    return Promise.reject(error)
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && 'detail' in error)
    return String((error as { detail: unknown }).detail)
  return 'unknown error'
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
