import React from 'react'
import ReactDOMClient, { type Root } from 'react-dom/client'
import type { FrameToHost, HostToFrame, LoadMessage } from '../../../../core/plugins/runtime/frameProtocol'
import { FrameRpc } from '../../../../plugin-frame/FrameRpc'
import { ModuleBoundary } from '../../../../plugin-frame/ModuleBoundary'
import { describeError, moduleComponent } from '../../../../plugin-frame/moduleComponent'
import { moduleProps } from '../../../../plugin-frame/moduleProps'
import { pageContainer } from './loadPageContainer'

/**
 * A trusted plugin's module in Quire's own page: the in-page twin of the frame's runtime. It takes the
 * module host's port (the same `load` message, the same services object over the same checked calls),
 * loads the plugin's container into the page (`pageContainer`), and renders the module into its cell
 * with ReactDOM 18 `createRoot` inside an error boundary, so a module that throws shows its error in
 * its own cell. This file, with React, is loaded only when a trusted module is on the page: the app
 * itself is Solid, and its first load stays without React.
 *
 * Answers the function that takes the module down again (its React root and its port).
 */
export function runTrustedModule(
  port: MessagePort,
  element: HTMLElement,
  plugin: { id: string; version: string },
): () => void {
  const rpc = new FrameRpc(port)
  let root: Root | undefined
  let started = false
  let stopped = false
  const send = (message: FrameToHost) => {
    if (!stopped) port.postMessage(message)
  }

  const start = async (message: LoadMessage) => {
    const container = await pageContainer({
      pluginId: plugin.id,
      version: plugin.version,
      files: message.files,
      bundle: message.bundle,
      scope: message.scope,
    })
    const factory = await container.get(`./${message.moduleName}`)
    if (typeof factory !== 'function') throw new Error(`./${message.moduleName} is not exposed by the plugin`)
    const Component = moduleComponent(await (factory as () => unknown)(), message.moduleName)
    if (stopped) return
    const props = moduleProps(message, rpc)
    root = ReactDOMClient.createRoot(element)
    root.render(
      React.createElement(
        ModuleBoundary,
        {
          onReady: () => send({ kind: 'ready' }),
          onError: (error: unknown) => send({ kind: 'error', message: describeError(error) }),
        },
        React.createElement(Component, props),
      ),
    )
  }

  port.onmessage = (event: MessageEvent<HostToFrame>) => {
    const message = event.data
    if (rpc.receive(message)) return
    if (message.kind !== 'load' || started) return
    started = true
    // Before any push that follows it: the mirror starts from the load's state, then takes changes.
    rpc.seed(message.mirror)
    start(message).catch((error: unknown) => send({ kind: 'error', message: describeError(error) }))
  }

  return () => {
    if (stopped) return
    stopped = true
    port.onmessage = null
    port.close()
    // Never while React renders (a stop may come from a render's own error report).
    const leaving = root
    if (leaving) setTimeout(() => leaving.unmount(), 0)
  }
}
