import React from 'react'
import ReactDOM from 'react-dom'
import ReactDOMClient from 'react-dom/client'
import * as JsxRuntime from 'react/jsx-runtime'

/**
 * The share scope the frame hands `container.init`: React 18 and ReactDOM as singletons, already
 * loaded (so a plugin that shares its own copy eagerly still renders with this one, the one the frame
 * renders with) and available at once (`get` answers the factory, not a promise of it).
 */
export function reactShareScope(): Record<string, Record<string, unknown>> {
  const version = React.version
  const entry = (module: unknown) => ({
    [version]: { get: () => () => module, loaded: 1, eager: true, from: 'quire' },
  })
  return {
    react: entry(React),
    'react-dom': entry(ReactDOM),
    'react-dom/client': entry(ReactDOMClient),
    'react/jsx-runtime': entry(JsxRuntime),
  }
}
