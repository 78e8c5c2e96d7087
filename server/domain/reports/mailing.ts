/**
 * The monthly reports by mail (docs/reports.md): on the first day of each month (local, in
 * settings.time_zone), every plant with users gets its report of the month just over, mailed to each
 * of its users in their language as a PDF attachment, except to those who opted out in their profile;
 * their devices with notifications on are told it is ready (Web Push, opening the monitoring page).
 * Several API processes on one database send once in all: the run of a month belongs to the process
 * that moves the `monthly-reports` lease to the next month's start (server/core/jobs.ts).
 */
import type { FastifyInstance } from 'fastify';
import { claimJob, WORKER } from '../../core/jobs.js';
import { localDays } from '../../measurements/expected.js';
import { wallClock } from '../../measurements/time.js';
import { languageOf } from '../alarms/messages.js';
import { readSettings } from '../../core/settings.js';
import type { NameLanguage } from '../../../contract/fronius-codes.js';
import { monthOf, monthReport, previousMonth } from './figures.js';
import { reportFileName, reportPdf } from './pdf.js';
import { reportFormat, reportWords } from './words.js';
import { reportRecipients } from './queries.js';
import { enqueuePush } from '../web-push/outbox.js';

export const REPORT_JOB = 'monthly-reports';

/** The page of the web app where a user turns the report off. */
export const profileLink = (publicUrl: string) => `${publicUrl}/app/profile/me`;

/** Mails every plant's report of `month` (YYYY-MM) to its users; how many mails went out. */
export async function sendMonthlyReports(app: FastifyInstance, month: string): Promise<{ month: string; plants: number; sent: number }> {
  const { db, mailer, config, log } = app;
  const recipients = await reportRecipients(db);
  const byPlant = new Map<number, typeof recipients>();
  for (const r of recipients) byPlant.set(r.plant, [...byPlant.get(r.plant) ?? [], r]);
  let sent = 0;
  for (const [plant, people] of byPlant) {
    const report = await monthReport(db, plant, month);
    if (!report) continue;
    const pdfs = new Map<NameLanguage, Promise<Buffer>>();
    for (const person of people) {
      const language = languageOf(person.language);
      const w = reportWords(language);
      const f = reportFormat(language);
      if (!pdfs.has(language)) pdfs.set(language, reportPdf(report, language));
      await enqueuePush(db, [person.user], {
        title: w.mail_subject(report.plant.name, f.month(month)), body: w.push_text(report.plant.name, f.month(month), f.energy(report.totals.energy_wh)),
        url: '/app/monitoring', tag: `report-${plant}-${month}`,
      });
      try {
        await mailer.send({
          to: person.email,
          fromName: report.portalName,
          subject: w.mail_subject(report.plant.name, f.month(month)),
          text: `${w.mail_text(report.plant.name, f.month(month), f.energy(report.totals.energy_wh))}\n\n${w.mail_opt_out(profileLink(config.publicUrl))}\n`,
          attachments: [{ filename: reportFileName(report, language), content: await pdfs.get(language)!, contentType: 'application/pdf' }],
        });
        sent += 1;
      } catch (err) {
        log.error({ err, plant, user: person.user, month }, 'monthly report: a mail could not be sent');
      }
    }
  }
  return { month, plants: byPlant.size, sent };
}

/**
 * The scheduled check: when the month's reports are due and this process claims them, sends the
 * reports of the previous month; false otherwise. A portal's first check claims them only on a 1st,
 * so a new installation does not mail last month's reports on the day it starts.
 */
export async function runMonthlyReports(app: FastifyInstance, now = Date.now(), worker = WORKER) {
  const { timeZone } = await readSettings(app.db);
  const month = monthOf(new Date(now), timeZone);
  const [year, m] = month.split('-').map(Number);
  const nextFirst = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  const [next] = await localDays(app.db, timeZone, nextFirst, nextFirst);
  const firstDay = wallClock(timeZone, now).day === 1;
  if (!await claimJob(app.db, REPORT_JOB, new Date(now), new Date(next.start), worker, firstDay)) return false;
  return sendMonthlyReports(app, previousMonth(month));
}
