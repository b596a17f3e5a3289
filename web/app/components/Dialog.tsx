// The dialog shell lives in the UI kit (ui/Dialog.tsx). This re-export stays only while files another
// branch is rewriting (conversations/PersonaManager.tsx) still import it from here; drop it once they import
// from ui/.
export { Dialog, type DialogProps } from '../ui/Dialog'
