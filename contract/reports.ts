/**
 * The monthly report of a plant (docs/reports.md): a PDF of one finished month, in the caller's
 * language, with production, consumption, self-consumption, autarky, savings, CO2 avoided, expected
 * against actual, the same month a year earlier, the best and worst day and a chart of the days.
 * Access as the measurement calls: anyone signed in, for the plants they may see (any other id is a
 * 404). Months are local in settings.time_zone; the month under way and later ones are a 400.
 */
import { Type } from '@sinclair/typebox';
import { endpoint } from './http.js';
import { S } from './common.js';

/** A month, YYYY-MM. */
export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

export const ReportParams = Type.Object({
  id: S.id(),
  month: Type.String({ pattern: MONTH_PATTERN, maxLength: 7, description: 'YYYY-MM, a month already over' }),
});

const tag = 'reports';
export const reportApi = {
  plantMonth: endpoint({
    method: 'GET', path: '/report/plant/:id/:month.pdf', access: 'user', tag, params: ReportParams,
    summary: "A plant's monthly report as a PDF (application/pdf), in the language of the signed-in user",
    // Bytes on the server's side (a Uint8Array: a Buffer), a Blob in the web app.
    reply: { 200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'the PDF (application/pdf)' }) },
  }),
};
