/**
 * Every page is fully rendered on the server; its JavaScript only hydrates it (buttons,
 * menus, dialogs). Vike asks for that JavaScript at the browser's high priority, so on a
 * slow phone connection it competes with the stylesheet and the hero image for the first
 * paint. `fetchpriority="low"` lets the browser fetch what paints first, first (issue 7;
 * docs/decisions/005-performance-budgets.md).
 */
export function lowerScriptPriority(html: string): string {
  return html
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(
      /<script src="([^"]+)" type="module" async>/g,
      '<script src="$1" type="module" async fetchpriority="low">',
    )
}
