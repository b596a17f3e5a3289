// The frame uses two entry points of react-dom 18 and only these members of them; the project has no
// @types/react-dom (the app is Solid), so they are declared here. Default imports: the CommonJS
// module objects themselves, as a webpack-built plugin's own copy of React would be.
declare module 'react-dom/client' {
  import type { ReactNode } from 'react'
  export interface Root {
    render(children: ReactNode): void
    unmount(): void
  }
  const client: { createRoot(container: Element): Root }
  export default client
}

declare module 'react-dom' {
  const ReactDOM: { version: string }
  export default ReactDOM
}
