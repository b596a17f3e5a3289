import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { listInstalledPlugins } from '../api/pluginsApi'
import { LoadingPanel } from '../components/LoadingPanel'
import { PluginManagerPage } from '../plugins/manager/PluginManagerPage'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

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
  return (
    <LoadErrorScreen
      titleId="plugins-title"
      title="Plugins"
      errorTitle="Your plugins could not be loaded"
      error={props.error}
    />
  )
}
