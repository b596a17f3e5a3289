import { messageTypes, type PageEventBus } from '../../core/plugins/runtime/PageEventBus'
import type { BuiltinModuleEntry } from './builtinModules'

export interface BuiltinBusMember {
  /** Sends a message the module declares in `messages.sends` to the page; answers how many modules heard it. */
  send(message: unknown): number
  leave(): void
}

/**
 * Puts a built-in module on its page's event bus as a plugin module is put there (ModuleHost): with the
 * types its entry declares in `messages.sends` / `messages.receives`, listening under its own name (the
 * channel BrainDrive's modules address a module by, so a plugin's `sendMessage('Chat', message)` reaches
 * a built-in Chat). It sends by broadcast: every module on the page that declares the type hears it, on
 * whatever channel it listens under, the sample plugin QuireFollower's `CollectionFollower` included.
 */
export function joinBuiltinBus(
  bus: PageEventBus,
  instanceId: string,
  entry: Pick<BuiltinModuleEntry, 'name' | 'messages'>,
  onMessage: (message: unknown) => void,
): BuiltinBusMember {
  const leave = bus.join({
    instanceId,
    sends: messageTypes(entry.messages.sends),
    receives: messageTypes(entry.messages.receives),
    deliver: (_channel, message) => onMessage(message),
  })
  if (entry.messages.receives.length > 0) bus.subscribe(instanceId, entry.name)
  return { send: (message) => bus.broadcast(instanceId, message), leave }
}
