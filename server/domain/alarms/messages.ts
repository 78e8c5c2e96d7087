/**
 * An alarm told in words, in each of the five languages: the bell's title and message, the e-mail,
 * and the ticket staff make of it. Names of kinds, statuses and Fronius codes come from the contract;
 * numbers and times through Intl in the reader's language and the portal's time zone.
 */
import { ALARM_KIND_NAMES, type AlarmKind } from '../../../contract/alarms.js';
import { FAULT_STATUS, FRONIUS_STATUS_NAMES, froniusErrorName, type NameLanguage } from '../../../contract/fronius-codes.js';

export const LANGUAGES: NameLanguage[] = ['es', 'en', 'fr', 'ar', 'zh'];
export const languageOf = (language: string): NameLanguage => (LANGUAGES as string[]).includes(language) ? language as NameLanguage : 'es';

interface Words {
  where: { plant: string; inverter: string; mppt: string; string: string };
  /** A label and its value, with the language's colon ('Planta: Planta Maipú', 'Centrale : …', '电站：…'). */
  labelled: (label: string, value: string) => string;
  lastReading: (at: string, minutes: string) => string;
  /** A site agent silent (docs/agent.md): its name, its last contact. */
  agentSilent: (agent: string, at: string, minutes: string) => string;
  status: (status: string) => string;
  code: (code: number, name: string) => string;
  siblings: (pct: string, threshold: string, window: string) => string;
  battery: (day: string, charged: string, yieldPerKwp: string, minSoc: string) => string;
  production: (day: string, actual: string, pct: string, expected: string, threshold: string, overcast: string) => string;
  link: string;
  ticketIntro: string;
  /** The title of the Web Push message that an alarm cleared. */
  cleared: (title: string) => string;
}

/** 'Label: value', as Spanish, English and Arabic write it. */
const colon = (label: string, value: string) => `${label}: ${value}`;

const WORDS: Record<NameLanguage, Words> = {
  es: {
    where: { plant: 'Planta', inverter: 'Inversor', mppt: 'MPPT', string: 'String' },
    labelled: colon,
    lastReading: (at, min) => `Última lectura: ${at} (más de ${min} minutos de luz sin datos).`,
    agentSilent: (agent, at, min) => `El agente del sitio «${agent}» dejó de informar. Último contacto: ${at} (más de ${min} minutos de luz sin noticias).`,
    status: (s) => `Estado informado: ${s}.`,
    code: (c, n) => `Código ${c}: ${n}.`,
    siblings: (pct, thr, win) => `Produce el ${pct} % de lo que producen sus pares por Wp instalado (umbral ${thr} %), en ${win}.`,
    battery: (day, kwh, y, soc) => `El ${day} rindió ${y} kWh/kWp y la batería cargó solo ${kwh} kWh (carga mínima ${soc} %).`,
    production: (day, kwh, pct, exp, thr, ovc) => `El ${day} produjo ${kwh} kWh, el ${pct} % de los ${exp} kWh esperados para la época: menos del ${thr} % de lo que da un día nublado (${ovc} kWh).`,
    link: 'Ver la alarma',
    ticketIntro: 'Ticket creado a partir de la alarma',
    cleared: (t) => `Alarma resuelta: ${t}`,
  },
  en: {
    where: { plant: 'Plant', inverter: 'Inverter', mppt: 'MPPT', string: 'String' },
    labelled: colon,
    lastReading: (at, min) => `Last reading: ${at} (more than ${min} minutes of daylight without data).`,
    agentSilent: (agent, at, min) => `The site agent “${agent}” stopped reporting. Last contact: ${at} (more than ${min} minutes of daylight without news).`,
    status: (s) => `Reported status: ${s}.`,
    code: (c, n) => `Code ${c}: ${n}.`,
    siblings: (pct, thr, win) => `It produces ${pct} % of what its siblings produce per installed Wp (threshold ${thr} %), over ${win}.`,
    battery: (day, kwh, y, soc) => `On ${day} the plant yielded ${y} kWh/kWp and the battery took only ${kwh} kWh (lowest charge ${soc} %).`,
    production: (day, kwh, pct, exp, thr, ovc) => `On ${day} it produced ${kwh} kWh, ${pct} % of the ${exp} kWh expected for the season: less than ${thr} % of what an overcast day gives (${ovc} kWh).`,
    link: 'View the alarm',
    ticketIntro: 'Ticket made from the alarm',
    cleared: (t) => `Alarm cleared: ${t}`,
  },
  fr: {
    where: { plant: 'Centrale', inverter: 'Onduleur', mppt: 'MPPT', string: 'Chaîne' },
    labelled: (label, value) => `${label} : ${value}`,
    lastReading: (at, min) => `Dernière mesure : ${at} (plus de ${min} minutes de jour sans données).`,
    agentSilent: (agent, at, min) => `L’agent du site « ${agent} » ne donne plus de nouvelles. Dernier contact : ${at} (plus de ${min} minutes de jour sans nouvelles).`,
    status: (s) => `État signalé : ${s}.`,
    code: (c, n) => `Code ${c} : ${n}.`,
    siblings: (pct, thr, win) => `Il produit ${pct} % de ce que produisent ses voisins par Wc installé (seuil ${thr} %), sur ${win}.`,
    battery: (day, kwh, y, soc) => `Le ${day}, la centrale a produit ${y} kWh/kWc et la batterie n’a reçu que ${kwh} kWh (charge minimale ${soc} %).`,
    production: (day, kwh, pct, exp, thr, ovc) => `Le ${day}, elle a produit ${kwh} kWh, ${pct} % des ${exp} kWh attendus pour la saison : moins de ${thr} % de ce que donne un jour couvert (${ovc} kWh).`,
    link: 'Voir l’alarme',
    ticketIntro: 'Ticket créé à partir de l’alarme',
    cleared: (t) => `Alarme résolue : ${t}`,
  },
  ar: {
    where: { plant: 'المحطة', inverter: 'العاكس', mppt: 'MPPT', string: 'السلسلة' },
    labelled: colon,
    lastReading: (at, min) => `آخر قراءة: ${at} (أكثر من ${min} دقيقة من ضوء النهار بلا بيانات).`,
    agentSilent: (agent, at, min) => `توقّف وكيل الموقع «${agent}» عن الإبلاغ. آخر اتصال: ${at} (أكثر من ${min} دقيقة من ضوء النهار بلا أخبار).`,
    status: (s) => `الحالة المبلغ عنها: ${s}.`,
    code: (c, n) => `الرمز ${c}: ${n}.`,
    siblings: (pct, thr, win) => `ينتج ${pct} % مما ينتجه نظراؤه لكل واط ذروة مركّب (الحد ${thr} %)، خلال ${win}.`,
    battery: (day, kwh, y, soc) => `في ${day} أنتجت المحطة ${y} كيلوواط ساعة لكل كيلوواط ذروة ولم تشحن البطارية سوى ${kwh} كيلوواط ساعة (أدنى شحن ${soc} %).`,
    production: (day, kwh, pct, exp, thr, ovc) => `في ${day} أنتجت ${kwh} كيلوواط ساعة، أي ${pct} % من ${exp} كيلوواط ساعة المتوقعة لهذا الموسم: أقل من ${thr} % مما يعطيه يوم غائم (${ovc} كيلوواط ساعة).`,
    link: 'عرض الإنذار',
    ticketIntro: 'تذكرة أُنشئت من الإنذار',
    cleared: (t) => `زال الإنذار: ${t}`,
  },
  zh: {
    where: { plant: '电站', inverter: '逆变器', mppt: 'MPPT', string: '组串' },
    labelled: (label, value) => `${label}：${value}`,
    lastReading: (at, min) => `最后读数：${at}（超过 ${min} 分钟日照时间无数据）。`,
    agentSilent: (agent, at, min) => `现场代理“${agent}”已停止上报。最后联系：${at}（超过 ${min} 分钟日照时间无消息）。`,
    status: (s) => `上报状态：${s}。`,
    code: (c, n) => `代码 ${c}：${n}。`,
    siblings: (pct, thr, win) => `按装机 Wp 计，其发电量为同级的 ${pct}%（阈值 ${thr}%），时段：${win}。`,
    battery: (day, kwh, y, soc) => `${day} 电站发电 ${y} kWh/kWp，电池仅充入 ${kwh} kWh（最低电量 ${soc}%）。`,
    production: (day, kwh, pct, exp, thr, ovc) => `${day} 发电 ${kwh} kWh，为该季节预期 ${exp} kWh 的 ${pct}%：低于阴天发电量（${ovc} kWh）的 ${thr}%。`,
    link: '查看告警',
    ticketIntro: '由告警创建的工单',
    cleared: (t) => `告警已解除：${t}`,
  },
};

/** An alarm as the messages need it: its kind, where it is (names) and what the rule saw. */
export interface AlarmFacts {
  id: number;
  kind: AlarmKind;
  plant_name: string;
  investor_name: string | null;
  mppt_name: string | null;
  string_name: string | null;
  details: Record<string, unknown>;
}

const num = (language: NameLanguage, value: unknown, digits = 1) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(Number(value ?? 0));
const time = (language: NameLanguage, timeZone: string, iso: unknown) =>
  new Intl.DateTimeFormat(language, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(String(iso)));

/** The bell's title, the message and the e-mail body of an alarm, in `language`. */
export function alarmMessage(alarm: AlarmFacts, language: NameLanguage, timeZone: string, link?: string) {
  const w = WORDS[language];
  const d = alarm.details;
  // Each name after its label and a colon: a plant named 'Planta Maipú' read 'Planta Planta Maipú'.
  const where = [
    w.labelled(w.where.plant, alarm.plant_name),
    alarm.investor_name && w.labelled(w.where.inverter, alarm.investor_name),
    alarm.mppt_name && w.labelled(w.where.mppt, alarm.mppt_name),
    alarm.string_name && w.labelled(w.where.string, alarm.string_name),
  ].filter(Boolean).join(' · ');
  const facts = (() => {
    switch (alarm.kind) {
      case 'plant_offline':
      case 'inverter_offline':
        if (typeof d.site_agent === 'string') return w.agentSilent(d.site_agent, time(language, timeZone, d.last_contact_at), num(language, d.threshold_minutes, 0));
        return w.lastReading(time(language, timeZone, d.last_reading_at), num(language, d.threshold_minutes, 0));
      case 'inverter_error': {
        const status = FRONIUS_STATUS_NAMES[String(d.status)]?.[language] ?? String(d.status);
        const coded = typeof d.error_code === 'number';
        // A reported error (pushed Logdata) comes with whatever the readings say meanwhile: the code tells the fault.
        return [d.status === FAULT_STATUS || !coded ? w.status(status) : '', coded ? w.code(d.error_code as number, froniusErrorName(d.error_code as number, language)) : '']
          .join(' ').trim();
      }
      case 'mppt_low':
        return w.siblings(num(language, d.pct_of_siblings), num(language, d.threshold_pct),
          `${time(language, timeZone, d.window_from)} – ${time(language, timeZone, d.window_to)}`);
      case 'battery_not_charging':
        return w.battery(String(d.day), num(language, d.charged_kwh, 2), num(language, d.yield_kwh_per_kwp, 2), num(language, d.min_soc, 0));
      case 'production_low':
        return w.production(String(d.day), num(language, d.actual_kwh), num(language, d.pct_of_expected), num(language, d.expected_kwh),
          num(language, d.threshold_pct, 0), num(language, d.overcast_kwh));
    }
  })();
  const title = w.labelled(ALARM_KIND_NAMES[alarm.kind][language], alarm.plant_name);
  const message = `${where}. ${facts}`;
  return {
    title, message, mailText: link ? `${message}\n\n${w.labelled(w.link, link)}` : message, ticketIntro: `${w.ticketIntro} #${alarm.id}`,
    cleared: { title: w.cleared(title), message: where },
  };
}
