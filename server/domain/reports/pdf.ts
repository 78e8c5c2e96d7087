/**
 * The monthly report as a PDF (docs/reports.md), drawn with PDFKit: the figures of ./figures.ts in the
 * reader's language (./words.ts), in cards, and the month's daily production as bars with the expected
 * production as a line, drawn as vector paths. The Noto Sans fonts (Latin, Arabic, Simplified Chinese;
 * SIL Open Font License, from the @expo-google-fonts packages) are embedded as subsets, so any reader
 * shows every language; ./text.ts picks the font of each character and orders Arabic lines.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { NameLanguage } from '../../../contract/fronius-codes.js';
import type { MonthReport } from './figures.js';
import { reportFormat, reportWords, type ReportFormat, type ReportWords } from './words.js';
import { coverageOf, segments, type FontName } from './text.js';

const require = createRequire(import.meta.url);
const FONT_FILES: Record<FontName, Record<'regular' | 'bold', string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

/** The font files, read once (the Chinese ones are 10 MB each, read the first time a report needs them). */
const fontData = new Map<string, Buffer>();
const fontFile = (font: FontName, weight: 'regular' | 'bold') => {
  const key = `${font}-${weight}`;
  let data = fontData.get(key);
  if (!data) fontData.set(key, data = fs.readFileSync(require.resolve(FONT_FILES[font][weight])));
  return data;
};
const covers = coverageOf({ latin: fontFile('latin', 'regular'), get arabic() { return fontFile('arabic', 'regular'); }, get cjk() { return fontFile('cjk', 'regular'); } });

/** Each language's fonts, first choice first. */
const FONTS: Record<NameLanguage, FontName[]> = {
  es: ['latin', 'arabic', 'cjk'], en: ['latin', 'arabic', 'cjk'], fr: ['latin', 'arabic', 'cjk'],
  ar: ['arabic', 'latin', 'cjk'], zh: ['cjk', 'latin', 'arabic'],
};

const PAGE = { width: 595.28, height: 841.89, margin: 42 };
const COLORS = { text: '#1f2933', muted: '#616e7c', line: '#cbd2d9', card: '#f5f7fa', bar: '#f5a623', expected: '#1565c0', accent: '#0b7a3e' };

interface TextStyle { size?: number; bold?: boolean; color?: string; align?: 'start' | 'end' | 'center' }

/** Writes into one document in one language: lines placed by their start edge (right in Arabic). */
function writer(doc: PDFKit.PDFDocument, language: NameLanguage) {
  const rtl = language === 'ar';
  const fonts = FONTS[language];
  const used = new Set<string>();
  const select = (font: FontName, bold: boolean, size: number) => {
    const name = `${font}-${bold ? 'bold' : 'regular'}`;
    if (!used.has(name)) {
      doc.registerFont(name, fontFile(font, bold ? 'bold' : 'regular'));
      used.add(name);
    }
    return doc.font(name).fontSize(size);
  };
  const width = (text: string, { size = 10, bold = false }: TextStyle = {}) =>
    segments(text, fonts, rtl, covers).reduce((w, s) => w + select(s.font, bold, size).widthOfString(s.text), 0);
  /** One line whose baseline is at `y`, in the box [x, x + boxWidth], aligned to the language's start, end or centre. */
  const line = (text: string, x: number, y: number, boxWidth: number, style: TextStyle = {}) => {
    const { size = 10, bold = false, color = COLORS.text, align = 'start' } = style;
    const total = width(text, style);
    const fromLeft = align === 'center' ? (boxWidth - total) / 2 : (align === 'start') !== rtl ? 0 : boxWidth - total;
    let cursor = x + fromLeft;
    doc.fillColor(color);
    for (const s of segments(text, fonts, rtl, covers)) {
      select(s.font, bold, size).text(s.text, cursor, y, { lineBreak: false, baseline: 'alphabetic' });
      cursor += doc.widthOfString(s.text);
    }
  };
  /** The x of a box of `boxWidth` that is the `index`-th from the language's start in a row starting at `x`. */
  const column = (x: number, rowWidth: number, boxWidth: number, gap: number, index: number) =>
    (rtl ? x + rowWidth - (index + 1) * boxWidth - index * gap : x + index * (boxWidth + gap));
  return { line, width, column, rtl };
}

interface Card { label: string; value: string; notes: string[] }

function cards(r: MonthReport, w: ReportWords, f: ReportFormat): Card[] {
  const money = (amount: number) => f.money(amount, r.savings.currency);
  const pct = (value: number | null) => (value === null ? '—' : f.percent(value));
  return [
    { label: w.production, value: f.energy(r.totals.energy_wh), notes: r.specific_yield === null ? [] : [`${w.specific_yield}: ${f.number(r.specific_yield, 2)} kWh/kWp`] },
    { label: w.consumption, value: f.energy(r.totals.consumption_wh), notes: [] },
    { label: w.self_consumption, value: pct(r.totals.self_consumption_pct), notes: [`${w.savings_self}: ${f.energy(r.savings.self_consumed_wh)}`] },
    { label: w.autarky, value: pct(r.totals.autarky_pct), notes: [] },
    {
      label: w.savings, value: money(r.savings.total),
      notes: [
        `${w.savings_self}: ${money(r.savings.self_consumption)}`,
        `${w.savings_export}: ${money(r.savings.export_income)} (${f.energy(r.savings.exported_wh)})`,
        w.prices(money(r.savings.tariff), money(r.savings.injection_price)),
      ],
    },
    { label: w.co2, value: `${f.number(r.co2.kg)} kg`, notes: [w.co2_factor(f.number(r.co2.factor_kg_per_kwh, 3))] },
    r.expected_wh === null
      ? { label: w.expected, value: '—', notes: [w.no_expectation] }
      : { label: w.expected, value: f.energy(r.expected_wh), notes: [`${w.performance}: ${pct(r.performance_pct)}`] },
    r.last_year.energy_wh === null
      ? { label: w.last_year(f.month(r.last_year.month)), value: '—', notes: [w.no_last_year] }
      : {
        label: w.last_year(f.month(r.last_year.month)), value: f.energy(r.last_year.energy_wh),
        notes: r.last_year.change_pct === null ? [] : [`${w.change}: ${f.change(r.last_year.change_pct)}`],
      },
    { label: w.best_day, value: r.best ? f.energy(r.best.energy_wh!) : '—', notes: [r.best ? f.day(r.best.date) : w.no_days] },
    { label: w.worst_day, value: r.worst ? f.energy(r.worst.energy_wh!) : '—', notes: [r.worst ? f.day(r.worst.date) : w.no_days] },
  ];
}

/** A round step for about `ticks` divisions of [0, max]. */
function niceStep(max: number, ticks: number) {
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
}

/** The daily production as bars, the expected production as a line over them, with axes and a legend. */
function drawChart(doc: PDFKit.PDFDocument, out: ReturnType<typeof writer>, r: MonthReport, w: ReportWords, f: ReportFormat, top: number) {
  const left = PAGE.margin + 34;
  const right = PAGE.width - PAGE.margin;
  const height = 190;
  const bottom = top + 24 + height;
  out.line(w.chart, PAGE.margin, top + 12, right - PAGE.margin, { size: 12, bold: true });
  const kwh = r.days.flatMap((d) => [d.energy_wh, d.expected_wh]).filter((v): v is number => v !== null).map((v) => v / 1000);
  const step = niceStep(Math.max(...kwh, 1), 5);
  const max = Math.ceil(Math.max(...kwh, 1) / step) * step;
  const y = (value: number) => bottom - (value / max) * height;
  doc.lineWidth(0.5).strokeColor(COLORS.line);
  for (let v = 0; v <= max + 1e-9; v += step) {
    doc.moveTo(left, y(v)).lineTo(right, y(v)).stroke();
    out.line(f.number(v), PAGE.margin, y(v) + 3, left - PAGE.margin - 4, { size: 7, color: COLORS.muted, align: out.rtl ? 'start' : 'end' });
  }
  const slot = (right - left) / r.days.length;
  r.days.forEach((d, i) => {
    const x = left + i * slot;
    if (d.energy_wh !== null && d.energy_wh > 0) {
      doc.rect(x + slot * 0.15, y(d.energy_wh / 1000), slot * 0.7, bottom - y(d.energy_wh / 1000)).fill(COLORS.bar);
    }
    out.line(f.number(Number(d.date.slice(8)), 0), x, bottom + 10, slot, { size: 6, color: COLORS.muted, align: 'center' });
  });
  const points = r.days.map((d, i) => (d.expected_wh === null ? null : [left + (i + 0.5) * slot, y(d.expected_wh / 1000)] as const));
  doc.lineWidth(1.5).strokeColor(COLORS.expected);
  let drawing = false;
  for (const p of points) {
    if (!p) { drawing = false; continue; }
    if (drawing) doc.lineTo(p[0], p[1]); else doc.moveTo(p[0], p[1]);
    drawing = true;
  }
  if (points.some(Boolean)) doc.stroke();
  doc.lineWidth(0.8).strokeColor(COLORS.muted).moveTo(left, bottom).lineTo(right, bottom).stroke();
  // Legend, under the axis.
  const legendY = bottom + 28;
  const items = [{ label: w.legend_actual, color: COLORS.bar, bar: true }, { label: w.legend_expected, color: COLORS.expected, bar: false }];
  items.forEach((item, i) => {
    const x = out.column(left, right - left, 120, 10, i);
    const mark = out.rtl ? x + 120 - 14 : x;
    if (item.bar) doc.rect(mark, legendY - 8, 12, 8).fill(item.color);
    else doc.lineWidth(1.5).strokeColor(item.color).moveTo(mark, legendY - 4).lineTo(mark + 12, legendY - 4).stroke();
    out.line(item.label, out.rtl ? x : x + 18, legendY, 100, { size: 8, color: COLORS.muted });
  });
  return legendY + 10;
}

/** The report of `r` in `language`, as PDF bytes; `now` is the generation time printed in the footer. */
export function reportPdf(r: MonthReport, language: NameLanguage, now = new Date()): Promise<Buffer> {
  const w = reportWords(language);
  const f = reportFormat(language);
  const title = w.heading(f.month(r.month));
  const doc = new PDFDocument({
    size: 'A4', margin: 0, lang: language, displayTitle: true,
    info: { Title: `${title} · ${r.plant.name}`, Author: r.portalName, Subject: w.title, CreationDate: now },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const out = writer(doc, language);
  const inner = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin + 10;
  out.line(r.portalName, PAGE.margin, y, inner, { size: 9, color: COLORS.muted });
  y += 24;
  out.line(title, PAGE.margin, y, inner, { size: 20, bold: true });
  y += 20;
  out.line(`${r.plant.name} · ${r.plant.project}`, PAGE.margin, y, inner, { size: 11, color: COLORS.muted });
  y += 16;

  // The figures: two cards a row.
  const gap = 10;
  const cardWidth = (inner - gap) / 2;
  const list = cards(r, w, f);
  for (let i = 0; i < list.length; i += 2) {
    const row = list.slice(i, i + 2);
    const cardHeight = 44 + 11 * Math.max(...row.map((c) => c.notes.length));
    row.forEach((c, j) => {
      const x = out.column(PAGE.margin, inner, cardWidth, gap, j);
      doc.roundedRect(x, y, cardWidth, cardHeight, 4).fill(COLORS.card);
      out.line(c.label, x + 10, y + 15, cardWidth - 20, { size: 8.5, color: COLORS.muted });
      out.line(c.value, x + 10, y + 34, cardWidth - 20, { size: 15, bold: true, color: COLORS.accent });
      c.notes.forEach((note, k) => out.line(note, x + 10, y + 48 + 11 * k, cardWidth - 20, { size: 7.5, color: COLORS.muted }));
    });
    y += cardHeight + gap;
  }

  y = drawChart(doc, out, r, w, f, y + 4);
  out.line(w.generated(f.instant(now, r.timeZone)), PAGE.margin, PAGE.height - PAGE.margin + 14, inner, { size: 7, color: COLORS.muted });
  doc.end();
  return done;
}

/** The PDF's file name: "informe-planta-maipu-2026-03.pdf". */
export function reportFileName(r: MonthReport, language: NameLanguage) {
  const slug = r.plant.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${reportWords(language).file}-${slug || r.plant.id}-${r.month}.pdf`;
}
