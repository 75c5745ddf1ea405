/**
 * The toast container (at most 3 toasts, each closing after 4000 ms), a React root of its own
 * at the end of the page. The unstyled build plus the library's stylesheet as a file, so no
 * <style> element is injected at run time (CSP). Each toast is role="alert", so screen
 * readers announce it.
 */
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { ToastContainer, toast } from 'react-toastify/unstyled'
import 'react-toastify/ReactToastify.css'
import { attachToastSink, TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './toasts'

function ToastArea() {
  useEffect(() => attachToastSink(({ kind, message }) => toast[kind](message)), [])
  return (
    <ToastContainer
      position="top-right"
      limit={TOAST_LIMIT}
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick
      pauseOnFocusLoss
      pauseOnHover
      theme="colored"
      className="toast-area"
    />
  )
}

export function mountToastArea(): void {
  const container = document.createElement('div')
  container.className = 'toast-root'
  document.body.append(container)
  createRoot(container).render(<ToastArea />)
}
