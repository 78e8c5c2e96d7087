/**
 * The monthly report told in words, in each of the five languages: the PDF's titles and labels and the
 * mail that carries it. Numbers, money, months and days through Intl in the reader's language (Spanish
 * as written in Chile), like the monitoring page (src/pages/monitoring/format.ts).
 */
import type { NameLanguage } from '../../../contract/fronius-codes.js';

export interface ReportWords {
  title: string;
  /** The title with the month. */
  heading: (month: string) => string;
  production: string;
  consumption: string;
  self_consumption: string;
  autarky: string;
  specific_yield: string;
  savings: string;
  savings_self: string;
  savings_export: string;
  prices: (tariff: string, injection: string) => string;
  co2: string;
  co2_factor: (factor: string) => string;
  expected: string;
  performance: string;
  no_expectation: string;
  last_year: (month: string) => string;
  change: string;
  no_last_year: string;
  best_day: string;
  worst_day: string;
  no_days: string;
  chart: string;
  legend_actual: string;
  legend_expected: string;
  generated: (at: string) => string;
  mail_subject: (plant: string, month: string) => string;
  mail_text: (plant: string, month: string, production: string) => string;
  /** The Web Push message that the report is ready (it opens the monitoring page, where it is downloaded). */
  push_text: (plant: string, month: string, production: string) => string;
  mail_opt_out: (link: string) => string;
  /** The PDF's file name, without the extension. */
  file: string;
}

const WORDS: Record<NameLanguage, ReportWords> = {
  es: {
    title: 'Informe mensual',
    heading: (m) => `Informe mensual: ${m}`,
    production: 'Producción',
    consumption: 'Consumo',
    self_consumption: 'Autoconsumo',
    autarky: 'Autarquía',
    specific_yield: 'Rendimiento específico',
    savings: 'Ahorro',
    savings_self: 'Energía autoconsumida',
    savings_export: 'Energía inyectada a la red',
    prices: (t, i) => `Tarifa ${t}/kWh · precio de inyección ${i}/kWh`,
    co2: 'CO₂ evitado',
    co2_factor: (f) => `Factor: ${f} kg/kWh`,
    expected: 'Producción esperada',
    performance: 'Real / esperado',
    no_expectation: 'Sin estimación: la planta no está descrita lo suficiente.',
    last_year: (m) => `Mismo mes del año anterior (${m})`,
    change: 'Variación',
    no_last_year: 'Sin datos del año anterior.',
    best_day: 'Mejor día',
    worst_day: 'Peor día',
    no_days: 'Sin mediciones este mes.',
    chart: 'Producción diaria (kWh)',
    legend_actual: 'Real',
    legend_expected: 'Esperada',
    generated: (at) => `Generado el ${at}`,
    mail_subject: (p, m) => `Informe mensual de ${p}: ${m}`,
    mail_text: (p, m, e) => `Adjuntamos el informe de ${m} de la planta ${p}. Producción del mes: ${e}.`,
    push_text: (p, m, e) => `El informe de ${m} de la planta ${p} está listo. Producción del mes: ${e}.`,
    mail_opt_out: (l) => `Si no quieres recibir este informe, desactívalo en tu perfil: ${l}`,
    file: 'informe',
  },
  en: {
    title: 'Monthly report',
    heading: (m) => `Monthly report: ${m}`,
    production: 'Production',
    consumption: 'Consumption',
    self_consumption: 'Self-consumption',
    autarky: 'Autarky',
    specific_yield: 'Specific yield',
    savings: 'Savings',
    savings_self: 'Energy used on site',
    savings_export: 'Energy exported to the grid',
    prices: (t, i) => `Tariff ${t}/kWh · injection price ${i}/kWh`,
    co2: 'CO₂ avoided',
    co2_factor: (f) => `Factor: ${f} kg/kWh`,
    expected: 'Expected production',
    performance: 'Actual / expected',
    no_expectation: 'No estimate: the plant is not described enough.',
    last_year: (m) => `Same month last year (${m})`,
    change: 'Change',
    no_last_year: 'No data from last year.',
    best_day: 'Best day',
    worst_day: 'Worst day',
    no_days: 'No readings this month.',
    chart: 'Daily production (kWh)',
    legend_actual: 'Actual',
    legend_expected: 'Expected',
    generated: (at) => `Generated on ${at}`,
    mail_subject: (p, m) => `Monthly report of ${p}: ${m}`,
    mail_text: (p, m, e) => `Please find attached the ${m} report of the plant ${p}. Production of the month: ${e}.`,
    push_text: (p, m, e) => `The ${m} report of the plant ${p} is ready. Production of the month: ${e}.`,
    mail_opt_out: (l) => `If you do not want to receive this report, turn it off in your profile: ${l}`,
    file: 'report',
  },
  fr: {
    title: 'Rapport mensuel',
    heading: (m) => `Rapport mensuel : ${m}`,
    production: 'Production',
    consumption: 'Consommation',
    self_consumption: 'Autoconsommation',
    autarky: 'Autarcie',
    specific_yield: 'Productible spécifique',
    savings: 'Économies',
    savings_self: 'Énergie autoconsommée',
    savings_export: 'Énergie injectée sur le réseau',
    prices: (t, i) => `Tarif ${t}/kWh · prix d’injection ${i}/kWh`,
    co2: 'CO₂ évité',
    co2_factor: (f) => `Facteur : ${f} kg/kWh`,
    expected: 'Production attendue',
    performance: 'Réel / attendu',
    no_expectation: 'Pas d’estimation : la centrale n’est pas assez décrite.',
    last_year: (m) => `Même mois l’an dernier (${m})`,
    change: 'Variation',
    no_last_year: 'Pas de données de l’an dernier.',
    best_day: 'Meilleur jour',
    worst_day: 'Pire jour',
    no_days: 'Aucune mesure ce mois-ci.',
    chart: 'Production journalière (kWh)',
    legend_actual: 'Réelle',
    legend_expected: 'Attendue',
    generated: (at) => `Généré le ${at}`,
    mail_subject: (p, m) => `Rapport mensuel de ${p} : ${m}`,
    mail_text: (p, m, e) => `Veuillez trouver ci-joint le rapport de ${m} de la centrale ${p}. Production du mois : ${e}.`,
    push_text: (p, m, e) => `Le rapport de ${m} de la centrale ${p} est prêt. Production du mois : ${e}.`,
    mail_opt_out: (l) => `Si vous ne souhaitez plus recevoir ce rapport, désactivez-le dans votre profil : ${l}`,
    file: 'rapport',
  },
  ar: {
    title: 'التقرير الشهري',
    heading: (m) => `التقرير الشهري: ${m}`,
    production: 'الإنتاج',
    consumption: 'الاستهلاك',
    self_consumption: 'الاستهلاك الذاتي',
    autarky: 'الاكتفاء الذاتي',
    specific_yield: 'الإنتاجية النوعية',
    savings: 'التوفير',
    savings_self: 'الطاقة المستهلكة ذاتيًا',
    savings_export: 'الطاقة المصدّرة إلى الشبكة',
    prices: (t, i) => `التعرفة ${t}/kWh · سعر الحقن ${i}/kWh`,
    co2: 'ثاني أكسيد الكربون المُتجنَّب',
    co2_factor: (f) => `المعامل: ${f} kg/kWh`,
    expected: 'الإنتاج المتوقع',
    performance: 'الفعلي / المتوقع',
    no_expectation: 'لا يوجد تقدير: المحطة غير موصوفة بما يكفي.',
    last_year: (m) => `الشهر نفسه من العام الماضي (${m})`,
    change: 'التغيّر',
    no_last_year: 'لا توجد بيانات من العام الماضي.',
    best_day: 'أفضل يوم',
    worst_day: 'أسوأ يوم',
    no_days: 'لا توجد قراءات هذا الشهر.',
    chart: 'الإنتاج اليومي (kWh)',
    legend_actual: 'الفعلي',
    legend_expected: 'المتوقع',
    generated: (at) => `أُنشئ في ${at}`,
    mail_subject: (p, m) => `التقرير الشهري لـ ${p}: ${m}`,
    mail_text: (p, m, e) => `نرفق تقرير ${m} للمحطة ${p}. إنتاج الشهر: ${e}.`,
    push_text: (p, m, e) => `تقرير ${m} للمحطة ${p} جاهز. إنتاج الشهر: ${e}.`,
    mail_opt_out: (l) => `إذا كنت لا ترغب في تلقي هذا التقرير، فأوقفه من ملفك الشخصي: ${l}`,
    file: 'report',
  },
  zh: {
    title: '月度报告',
    heading: (m) => `月度报告：${m}`,
    production: '发电量',
    consumption: '用电量',
    self_consumption: '自用率',
    autarky: '自给率',
    specific_yield: '单位发电量',
    savings: '节省',
    savings_self: '自用电量',
    savings_export: '上网电量',
    prices: (t, i) => `电价 ${t}/kWh · 上网电价 ${i}/kWh`,
    co2: '减少的二氧化碳',
    co2_factor: (f) => `系数：${f} kg/kWh`,
    expected: '预期发电量',
    performance: '实际 / 预期',
    no_expectation: '无法估算：电站描述不足。',
    last_year: (m) => `去年同月（${m}）`,
    change: '变化',
    no_last_year: '没有去年的数据。',
    best_day: '最佳日',
    worst_day: '最差日',
    no_days: '本月没有读数。',
    chart: '每日发电量（kWh）',
    legend_actual: '实际',
    legend_expected: '预期',
    generated: (at) => `生成于 ${at}`,
    mail_subject: (p, m) => `${p} 月度报告：${m}`,
    mail_text: (p, m, e) => `附件为电站 ${p} 的 ${m} 报告。本月发电量：${e}。`,
    push_text: (p, m, e) => `电站 ${p} 的 ${m} 报告已生成。本月发电量：${e}。`,
    mail_opt_out: (l) => `如不想再收到此报告，请在个人资料中关闭：${l}`,
    file: 'report',
  },
};

export const reportWords = (language: NameLanguage) => WORDS[language];

/** Numbers, money and dates of the report, in `language`. */
export function reportFormat(language: NameLanguage) {
  const locale = language === 'es' ? 'es-CL' : language;
  const number = (value: number, digits = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const calendar = (date: string) => new Date(`${date.length === 7 ? `${date}-15` : date}T12:00:00Z`);
  return {
    number,
    /** Wh -> "1.234,5 kWh". */
    energy: (wh: number) => `${number(wh / 1000)} kWh`,
    percent: (pct: number) => `${number(pct)} %`,
    /** A change in %, always signed. */
    change: (pct: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(pct)} %`,
    money: (amount: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount),
    /** 'YYYY-MM' -> "marzo de 2026". */
    month: (month: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(calendar(month)),
    /** 'YYYY-MM-DD' -> "15 de marzo de 2026". */
    day: (date: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(calendar(date)),
    /** An instant in the portal's zone. */
    instant: (at: Date, timeZone: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at),
  };
}
export type ReportFormat = ReturnType<typeof reportFormat>;
