/**
 * The `event` service of one page: a module's `sendMessage(target, message)` reaches the modules on
 * the same page that subscribed to `target` (BrainDrive's channel, usually the receiving module's
 * name) AND declare the message's `type` in `messages.receives`; the sender must declare that type in
 * `messages.sends`. Nothing else travels: a module cannot listen to what it did not declare, or send
 * what it did not.
 */

export interface EventModule {
  /** The module's place on the page (the layout item's `i`): one module may appear twice. */
  instanceId: string
  sends: readonly string[]
  receives: readonly string[]
  deliver(channel: string, message: unknown): void
}

/** The message types of `messages.sends` / `messages.receives`: `{type}` objects (or bare strings). */
export function messageTypes(list: unknown): string[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((item: unknown) => {
    if (typeof item === 'string') return [item]
    if (typeof item === 'object' && item !== null && 'type' in item && typeof item.type === 'string') {
      return [item.type]
    }
    return []
  })
}

function typeOf(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || !('type' in message)) return undefined
  return typeof message.type === 'string' ? message.type : undefined
}

export class PageEventBus {
  private readonly modules = new Map<string, { module: EventModule; channels: Set<string> }>()

  /** Adds a module to the page; answers the function that takes it off again. */
  join(module: EventModule): () => void {
    this.modules.set(module.instanceId, { module, channels: new Set() })
    return () => {
      if (this.modules.get(module.instanceId)?.module === module) this.modules.delete(module.instanceId)
    }
  }

  subscribe(instanceId: string, channel: string): void {
    this.modules.get(instanceId)?.channels.add(channel)
  }

  unsubscribe(instanceId: string, channel: string): void {
    this.modules.get(instanceId)?.channels.delete(channel)
  }

  /**
   * Sends `message` from `instanceId` on channel `target`. Throws an Error naming the rule when the
   * message may not be sent; answers how many modules it reached.
   */
  send(instanceId: string, target: unknown, message: unknown): number {
    if (!this.modules.has(instanceId)) throw new Error('This module is no longer on the page')
    if (typeof target !== 'string' || target === '' || target.length > 200) {
      throw new Error('sendMessage needs a target: the channel (module) name to send to')
    }
    const type = this.checkedType(instanceId, message)
    let reached = 0
    for (const { module, channels } of this.modules.values()) {
      if (!channels.has(target) || !module.receives.includes(type)) continue
      module.deliver(target, message)
      reached += 1
    }
    return reached
  }

  /**
   * Sends `message` from `instanceId` to every other module on the page that declares its type in
   * `messages.receives`, on each channel that module subscribed to (a module that subscribed to none
   * listens to nothing). Quire's built-in modules send this way: they cannot know the names plugin
   * modules listen under. The sender's `messages.sends` is checked as for `send`; answers how many
   * modules it reached.
   */
  broadcast(instanceId: string, message: unknown): number {
    const type = this.checkedType(instanceId, message)
    let reached = 0
    for (const { module, channels } of this.modules.values()) {
      if (module.instanceId === instanceId || channels.size === 0 || !module.receives.includes(type)) continue
      for (const channel of channels) module.deliver(channel, message)
      reached += 1
    }
    return reached
  }

  /** The message's type, once its sender is on the page and declares sending it; else throws why not. */
  private checkedType(instanceId: string, message: unknown): string {
    const sender = this.modules.get(instanceId)?.module
    if (!sender) throw new Error('This module is no longer on the page')
    const type = typeOf(message)
    if (type === undefined) throw new Error('A message is an object with a string "type"')
    if (!sender.sends.includes(type)) {
      throw new Error(`${type} is not in this module's messages.sends, so it may not send it`)
    }
    return type
  }
}
