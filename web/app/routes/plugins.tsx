import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { listInstalledPlugins } from '../api/pluginsApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { PluginManagerPage } from '../plugins/manager/PluginManagerPage'

export const Route = createFileRoute('/plugins')({
  loader: ({ abortController }) => listInstalledPlugins(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your plugins…" />,
  errorComponent: PluginsError,
  component: PluginsRoute,
})

function PluginsRoute() {
  const plugins = Route.useLoaderData()
  return <PluginManagerPage plugins={plugins()} />
}

function PluginsError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="plugins-title">
      <header class="page-header">
        <h1 id="plugins-title" class="page-title">
          Plugins
        </h1>
      </header>
      <ErrorPanel
        title="Your plugins could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
