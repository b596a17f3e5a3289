import type { LoadMessage } from '../core/plugins/runtime/frameProtocol'
import type { FrameRpc } from './FrameRpc'
import { frameServices } from './frameServices'

const nothing = () => undefined

/**
 * The props a module renders with: what the host sent (config, ids, mode), its `services`, and the
 * page-messaging functions BrainDrive's renderer also passes (`components/PluginModuleRenderer.tsx:582`
 * and `ModuleRenderer.tsx:388`). Those go through BrainDrive's old plugin-to-plugin event bus, which
 * Quire does not have: they are there, so a module that calls them does not fail, and do nothing;
 * modules talk through the event service.
 */
export function moduleProps(message: LoadMessage, rpc: FrameRpc): Record<string, unknown> {
  const subscribe = () => nothing
  const messaging = {
    sendMessage: nothing,
    addConnection: nothing,
    removeConnection: nothing,
    subscribe,
  }
  return {
    ...message.props,
    ...messaging,
    moduleMessaging: messaging,
    messages: [],
    services: frameServices(rpc, message),
  }
}
