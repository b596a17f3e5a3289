import type { Accessor } from 'solid-js'
import type { PageContext, ThemeName } from '../../core/plugins/runtime/frameProtocol'
import type { PageEventBus } from '../../core/plugins/runtime/PageEventBus'
import type { CollectionSelected } from './collectionSelected'

/** What a page shares with all its modules, plugin or built-in: its event bus, the theme, its context. */
export interface PageServices {
  bus: PageEventBus
  theme: Accessor<ThemeName>
  pageContext: Accessor<PageContext | null>
}

/** A built-in module's view of the page's services (BuiltinModuleCell makes one per module). */
export interface BuiltinModuleServices {
  theme: Accessor<ThemeName>
  pageContext: Accessor<PageContext | null>
  /** Sends a message the module declares; answers how many modules on the page heard it. */
  send(message: unknown): number
  /** The collection last chosen on the page (a `quire.collection.selected` message), if any. */
  chosenCollection: Accessor<CollectionSelected | undefined>
  /** Saves settings of this module to its page (as the designer would); the module then shows them. */
  saveConfig(patch: Record<string, unknown>): Promise<void>
}

/** The props every built-in module's view takes. */
export interface BuiltinViewProps {
  config: Record<string, unknown>
  services: BuiltinModuleServices
}
