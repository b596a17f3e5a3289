import React from 'react'
import ReactDOMClient from 'react-dom/client'
import type { FrameToHost, HostToFrame, LoadMessage } from '../core/plugins/runtime/frameProtocol'
import { FrameRpc } from './FrameRpc'
import { moduleProps } from './moduleProps'
import { loadContainer, PackageUrls } from './loadContainer'
import { ModuleBoundary } from './ModuleBoundary'
import { watchContentHeight } from './contentHeight'
import { installStorageShim } from './storageShim'
import { FrameFetch, installFrameFetch } from './frameFetch'
import { installFrameEventSource } from './frameEventSource'
import { installFrameXhr } from './frameXhr'
import { describeError as describe, moduleComponent } from './moduleComponent'
import { reactShareScope } from './shareScope'

/**
 * The runtime inside a module's sandboxed frame (started by the loader in frameDocument.ts with the
 * port to the host): it waits for the host's `load` message, runs the plugin's container from blob:
 * URLs, initialises it with React 18 in the share scope, gets `./<Module>`, and renders the module's
 * `default` export with `{...props, services}`. It tells the host `ready` once the module rendered,
 * `error` when loading or rendering fails, and `size` whenever its content's height changes.
 */

const holder = window as unknown as { __quireFramePort?: MessagePort }
const port = holder.__quireFramePort
delete holder.__quireFramePort

async function start(message: LoadMessage, rpc: FrameRpc, send: (message: FrameToHost) => void) {
  const urls = new PackageUrls(message.files)
  const container = await loadContainer(urls, message.bundle, message.scope)
  await container.init(reactShareScope())
  const factory = await container.get(`./${message.moduleName}`)
  if (typeof factory !== 'function') throw new Error(`./${message.moduleName} is not exposed by the plugin`)
  const Component = moduleComponent(await (factory as () => unknown)(), message.moduleName)
  const root = document.getElementById('root')
  if (!root) throw new Error('the frame has no root element')

  watchContentHeight(root, (height) => send({ kind: 'size', height }))
  const props = moduleProps(message, rpc)
  ReactDOMClient.createRoot(root).render(
    React.createElement(
      ModuleBoundary,
      {
        onReady: () => send({ kind: 'ready' }),
        onError: (error: unknown) => send({ kind: 'error', message: describe(error) }),
      },
      React.createElement(Component, props),
    ),
  )
}

if (port) {
  let ready = false
  const send = (message: FrameToHost) => {
    if (message.kind === 'ready') ready = true
    port.postMessage(message)
  }
  const rpc = new FrameRpc(port)
  const frameFetch = new FrameFetch((message, transfer) => port.postMessage(message, transfer ?? []))
  let started = false
  port.onmessage = (event: MessageEvent<HostToFrame>) => {
    const message = event.data
    if (rpc.receive(message) || frameFetch.receive(message)) return
    if (message.kind !== 'load' || started) return
    started = true
    // Before the plugin's first line runs: the browser's own storage throws in a frame without
    // allow-same-origin, and plugins read it as they load; their requests to a service Quire provides
    // go to the host (frameFetch.ts), through fetch, XMLHttpRequest or EventSource.
    frameFetch.moved = message.moved
    installFrameFetch(window, frameFetch)
    installFrameEventSource(window, frameFetch)
    installFrameXhr(window, frameFetch)
    installStorageShim(window, message.storage, (area, items) =>
      port.postMessage({ kind: 'storage', area, items }),
    )
    // Before any push that follows it: the mirror starts from the load's state, then takes changes.
    rpc.seed(message.mirror)
    // The base styles' token set (frameBaseStyle.ts) follows the theme the host pushes to a module that
    // declares the theme service; any other frame follows its page's colour scheme by media query.
    const showTheme = () => {
      const theme = rpc.mirror.theme
      if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme
    }
    showTheme()
    rpc.listen('theme', showTheme)
    start(message, rpc, send).catch((error: unknown) => send({ kind: 'error', message: describe(error) }))
  }
  // Errors outside React's reach (a chunk's top-level code, a rejected promise) before the module is up.
  addEventListener('error', (event) => {
    if (!ready) send({ kind: 'error', message: describe(event.error ?? event.message) })
  })
}
