// The confirm dialog lives in the UI kit (ui/ConfirmDialog.tsx). This re-export stays only while files
// another branch is rewriting (chat/SessionDialogs.tsx) still import it from here; drop it once they import
// from ui/.
export { ConfirmDialog, type ConfirmDialogProps } from '../ui/ConfirmDialog'
