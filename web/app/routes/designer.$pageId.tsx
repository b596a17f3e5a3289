import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { Show } from 'solid-js'
import { LoadingPanel } from '../components/LoadingPanel'
import { resolveOptionSources } from '../builtins/optionSources'
import { builtinPaletteModules, loadDesignerModules, loadDesignerPage } from '../designer/designerApi'
import { DesignerScreen } from '../designer/DesignerScreen'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

// The page designer for one page: /designer/<page id>.
export const Route = createFileRoute('/designer/$pageId')({
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal
    const [page, modules] = await Promise.all([
      loadDesignerPage(params.pageId, signal),
      loadDesignerModules(signal),
    ])
    // Select fields that list the person's own records (a built-in's collection) get them here.
    return { page, modules: await resolveOptionSources([...builtinPaletteModules(), ...modules]) }
  },
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading the designer…" />,
  errorComponent: DesignerError,
  component: DesignerRoute,
})

function DesignerRoute() {
  const data = Route.useLoaderData()
  return (
    <Show when={data().page.id} keyed>
      {(_id) => <DesignerScreen page={data().page} modules={data().modules} />}
    </Show>
  )
}

function DesignerError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="designer-error-title"
      title="Page designer"
      errorTitle="The designer could not be loaded"
      error={props.error}
    />
  )
}
