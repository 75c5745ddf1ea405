/**
 * `site-admin storms report "ADDRESS" [--pdf FILE] [--json]`: an address's Extreme Weather Report
 * as text for the office, for example before a call, the PDF the homeowner receives when asked,
 * and the whole report as JSON for a CRM or a script (its shape is WeatherReport in
 * core/storms/types.ts: `radar.days[]`, `risk`, `summary`, `storms[]`).
 * The home is placed as the worker places it (core/storms/geocode.ts), and the storms are read
 * from the same store, so the office sees what the homeowner was sent.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { locateAddress, type GeocoderSettings, formatReportText, makeWeatherReport } from '../core/storms'
import { renderReportPdf } from '../core/storms/pdf'
import { parseReportBusiness } from './config'
import { AdminError, withDatabase, type AdminContext } from './context'

export interface WeatherReportCommandDeps {
  /** How the home is placed; tests give a stand-in. */
  locate?: (address: string, settings: GeocoderSettings) => Promise<Awaited<ReturnType<typeof locateAddress>>>
}

function sizeText(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`
}

export function addWeatherReportCommand(
  storms: Command,
  ctx: AdminContext,
  deps: WeatherReportCommandDeps = {},
): void {
  storms
    .command('report')
    .description("an address's Extreme Weather Report as text (the storms within 10 miles, 5 years)")
    .argument('<address>', 'the street address, in quotes: "123 Main St, Parker, CO 80134"')
    .option('--pdf <file>', 'also write the report as the PDF the homeowner receives')
    .option('--json', 'print the whole report as JSON instead of text (for a CRM or a script)')
    .addHelpText(
      'after',
      '\nThe home is placed by its street address (US Census geocoder), else by its ZIP code, else by\n' +
        'its city; the report says which. Examples:\n' +
        '  docker compose exec web site-admin storms report "11020 S Pikes Peak Dr, Parker, CO 80138"\n' +
        '  docker compose exec web site-admin storms report "12 Pine St, Parker CO" --pdf /data/report.pdf\n' +
        '  docker compose exec web site-admin storms report "12 Pine St, Parker CO" --json > report.json',
    )
    .action(async (address: string, opts: { pdf?: string; json?: boolean }) => {
      if (!address.trim())
        throw new AdminError('Give the address in quotes: storms report "123 Main St, Parker".')
      const locate = deps.locate ?? locateAddress
      const { geocoder } = ctx.config()
      const business = parseReportBusiness(ctx.io.env)
      const location = await locate(address, geocoder)
      if (!location)
        throw new AdminError(
          `Could not place "${address}": the geocoder found no match, and it names no ZIP code or service-area city. Check the address, or add its ZIP code.`,
        )
      await withDatabase(ctx.config(), async (db) => {
        const report = makeWeatherReport(db, address, location, ctx.now())
        // With --json, stdout holds the JSON alone, so a script can parse it; the PDF's line goes to stderr.
        ctx.out(opts.json ? JSON.stringify(report, null, 2) : formatReportText(report, business))
        if (!opts.pdf) return
        const pdf = await renderReportPdf(report, business)
        const file = resolve(opts.pdf)
        try {
          writeFileSync(file, pdf)
        } catch (err) {
          throw new AdminError(`Cannot write the PDF to ${file}: ${(err as Error).message}`)
        }
        const written = `PDF written to ${file} (${sizeText(pdf.length)}).`
        if (opts.json) ctx.io.stderr.write(`${written}\n`)
        else ctx.out(written)
      })
    })
}
