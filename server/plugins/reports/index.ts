/**
 * Monthly reports (contract/reports.ts, docs/reports.md): a plant's report of a finished month as a
 * PDF in the caller's language, and the schedule that mails last month's reports on the 1st.
 */
import fp from 'fastify-plugin';
import { create as contentDisposition } from 'content-disposition';
import { reportApi } from '../../../contract/reports.js';
import { currentUser } from '../../core/access.js';
import { fieldError } from '../../core/errors.js';
import { everyInterval } from '../../core/jobs.js';
import { route } from '../../core/route.js';
import { languageOf } from '../../domain/alarms/messages.js';
import { readSettings } from '../../core/settings.js';
import { monthOf, monthReport } from '../../domain/reports/figures.js';
import { runMonthlyReports } from '../../domain/reports/mailing.js';
import { reportFileName, reportPdf } from '../../domain/reports/pdf.js';
import { visiblePlant } from '../../core/visibility.js';

export default fp(async (app) => {
  const { db } = app;

  route(app, reportApi.plantMonth, async (request, reply) => {
    const { id, month } = request.params;
    const { timeZone } = await readSettings(db);
    if (month >= monthOf(new Date(), timeZone)) throw fieldError('month', 'Elige un mes ya terminado.');
    const plant = await visiblePlant(request, id);
    const language = languageOf(currentUser(request).language);
    const report = (await monthReport(db, plant.id, month))!;
    const pdf = await reportPdf(report, language);
    return reply.type('application/pdf')
      .header('content-disposition', contentDisposition(reportFileName(report, language)))
      .header('cache-control', 'private, no-cache')
      .send(pdf);
  });

  everyInterval(app, app.config.reportCheckIntervalSeconds * 1000, () => runMonthlyReports(app), 'monthly reports failed');
}, { name: 'reports' });
