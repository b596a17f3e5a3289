import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { requestJson } from '../api/requestJson'
import { ApiExplorer } from '../components/ApiExplorer'
import { LoadingPanel } from '../components/LoadingPanel'
import type { OpenApiDocument } from '../openapi/OpenApiDocument'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

// The explorer's component (and the OpenAPI helpers it imports) are split into a lazy chunk by the router
// plugin's autoCodeSplitting; only this loader stays in the main bundle.
export const Route = createFileRoute('/docs')({
  loader: ({ abortController }) =>
    requestJson<OpenApiDocument>('/openapi.json', { signal: abortController.signal }),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading the API description…" />,
  errorComponent: DocsError,
  component: DocsRoute,
})

function DocsRoute() {
  const openApi = Route.useLoaderData()
  return <ApiExplorer document={openApi()} />
}

function DocsError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="docs-title"
      title="API explorer"
      errorTitle="The API description could not be loaded"
      error={props.error}
    />
  )
}
