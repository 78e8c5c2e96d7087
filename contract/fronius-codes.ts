/**
 * What a Fronius inverter's status and error codes mean, in the portal's five languages, for the alarm
 * messages and pages. Sources: Fronius Solar API v1 (DeviceStatus.StatusCode: 0-6 startup, 7 running,
 * 8 standby, 9 bootloading, 10 error; GEN24 firmware sends words: 'Running', 'Sleeping', 'Fault' ...)
 * and the state codes (DeviceStatus.ErrorCode) of the Fronius Symo/Primo operating instructions.
 * Codes marked `benign` are what a healthy inverter reports at dusk, at night or on a grid limit: they
 * never raise an alarm (issue 10: a Symo asleep at night is 'night / standby', never a fault).
 */
export type Names = { es: string; en: string; fr: string; ar: string; zh: string };
export type NameLanguage = keyof Names;

/** The statuses the portal stores (contract/collector.ts FRONIUS_STATUSES, and what the simulator writes). */
export const FRONIUS_STATUS_NAMES: Record<string, Names> = {
  startup: { es: 'Arrancando', en: 'Starting up', fr: 'Démarrage', ar: 'قيد التشغيل', zh: '启动中' },
  running: { es: 'En operación', en: 'Running', fr: 'En service', ar: 'يعمل', zh: '运行中' },
  ok: { es: 'En operación', en: 'Running', fr: 'En service', ar: 'يعمل', zh: '运行中' },
  clipping: { es: 'Limitado a su potencia nominal', en: 'Limited to its rated power', fr: 'Limité à sa puissance nominale', ar: 'محدود بقدرته الاسمية', zh: '限于额定功率' },
  standby: { es: 'Noche / en espera', en: 'Night / standby', fr: 'Nuit / en veille', ar: 'ليل / وضع الانتظار', zh: '夜间 / 待机' },
  night: { es: 'Noche / en espera', en: 'Night / standby', fr: 'Nuit / en veille', ar: 'ليل / وضع الانتظار', zh: '夜间 / 待机' },
  bootloading: { es: 'Actualizando firmware', en: 'Updating firmware', fr: 'Mise à jour du micrologiciel', ar: 'تحديث البرنامج الثابت', zh: '固件更新中' },
  error: { es: 'Falla', en: 'Fault', fr: 'Défaut', ar: 'عطل', zh: '故障' },
};

/** The stored status that is a fault: the only one that raises an alarm (server/domain/alarms/rules.ts). */
export const FAULT_STATUS = 'error';

export interface FroniusCode { names: Names; benign?: true }

/** DeviceStatus.ErrorCode: Fronius state codes. */
export const FRONIUS_ERROR_CODES: Record<number, FroniusCode> = {
  102: { names: { es: 'Tensión de red demasiado alta', en: 'AC voltage too high', fr: 'Tension réseau trop élevée', ar: 'جهد الشبكة مرتفع جدًا', zh: '电网电压过高' } },
  103: { names: { es: 'Tensión de red demasiado baja', en: 'AC voltage too low', fr: 'Tension réseau trop basse', ar: 'جهد الشبكة منخفض جدًا', zh: '电网电压过低' } },
  105: { names: { es: 'Frecuencia de red demasiado alta', en: 'AC frequency too high', fr: 'Fréquence réseau trop élevée', ar: 'تردد الشبكة مرتفع جدًا', zh: '电网频率过高' } },
  106: { names: { es: 'Frecuencia de red demasiado baja', en: 'AC frequency too low', fr: 'Fréquence réseau trop basse', ar: 'تردد الشبكة منخفض جدًا', zh: '电网频率过低' } },
  107: { names: { es: 'No se detecta la red eléctrica', en: 'No AC grid detected', fr: 'Aucun réseau détecté', ar: 'لا توجد شبكة كهربائية', zh: '未检测到电网' } },
  108: { names: { es: 'Funcionamiento en isla detectado', en: 'Islanding detected', fr: 'Îlotage détecté', ar: 'تم اكتشاف التشغيل المعزول', zh: '检测到孤岛运行' } },
  112: { names: { es: 'Corriente de fuga (RCMU)', en: 'Residual current (RCMU)', fr: 'Courant résiduel (RCMU)', ar: 'تيار متبقٍ (RCMU)', zh: '漏电流（RCMU）' } },
  301: { names: { es: 'Sobrecorriente en CA', en: 'AC overcurrent', fr: 'Surintensité CA', ar: 'تيار زائد متردد', zh: '交流过流' } },
  302: { names: { es: 'Sobrecorriente en CC', en: 'DC overcurrent', fr: 'Surintensité CC', ar: 'تيار زائد مستمر', zh: '直流过流' } },
  303: { names: { es: 'Sobretemperatura del módulo de potencia', en: 'Power stage overtemperature', fr: 'Surchauffe de l’étage de puissance', ar: 'ارتفاع حرارة وحدة القدرة', zh: '功率模块过温' } },
  304: { names: { es: 'Sobretemperatura interna', en: 'Internal overtemperature', fr: 'Surchauffe interne', ar: 'ارتفاع الحرارة الداخلية', zh: '内部过温' } },
  306: { names: { es: 'Potencia FV insuficiente (atardecer)', en: 'PV power too low (dusk)', fr: 'Puissance PV trop faible (crépuscule)', ar: 'قدرة شمسية غير كافية (الغروب)', zh: '光伏功率不足（黄昏）' }, benign: true },
  307: { names: { es: 'Tensión CC demasiado baja (noche)', en: 'DC voltage too low (night)', fr: 'Tension CC trop basse (nuit)', ar: 'جهد مستمر منخفض جدًا (ليل)', zh: '直流电压过低（夜间）' }, benign: true },
  308: { names: { es: 'Tensión del circuito intermedio demasiado alta', en: 'Intermediate circuit voltage too high', fr: 'Tension du circuit intermédiaire trop élevée', ar: 'جهد الدائرة الوسيطة مرتفع جدًا', zh: '中间电路电压过高' } },
  309: { names: { es: 'Tensión CC de entrada MPPT 1 demasiado alta', en: 'DC input voltage MPPT 1 too high', fr: 'Tension d’entrée CC MPPT 1 trop élevée', ar: 'جهد الدخل المستمر MPPT 1 مرتفع جدًا', zh: 'MPPT 1 直流输入电压过高' } },
  313: { names: { es: 'Tensión CC de entrada MPPT 2 demasiado alta', en: 'DC input voltage MPPT 2 too high', fr: 'Tension d’entrée CC MPPT 2 trop élevée', ar: 'جهد الدخل المستمر MPPT 2 مرتفع جدًا', zh: 'MPPT 2 直流输入电压过高' } },
  475: { names: { es: 'Falla de aislamiento del generador FV', en: 'PV insulation fault', fr: 'Défaut d’isolement du générateur PV', ar: 'عطل عزل المولد الشمسي', zh: '光伏绝缘故障' } },
  509: { names: { es: 'Sin inyección a la red en 24 horas', en: 'No energy fed in for 24 hours', fr: 'Aucune injection depuis 24 heures', ar: 'لا ضخ للطاقة منذ 24 ساعة', zh: '24 小时未并网发电' } },
  522: { names: { es: 'Tensión CC baja en el string 1 (noche)', en: 'DC low on string 1 (night)', fr: 'Tension CC basse sur la chaîne 1 (nuit)', ar: 'جهد مستمر منخفض في السلسلة 1 (ليل)', zh: '组串 1 直流电压低（夜间）' }, benign: true },
  523: { names: { es: 'Tensión CC baja en el string 2 (noche)', en: 'DC low on string 2 (night)', fr: 'Tension CC basse sur la chaîne 2 (nuit)', ar: 'جهد مستمر منخفض في السلسلة 2 (ليل)', zh: '组串 2 直流电压低（夜间）' }, benign: true },
  567: { names: { es: 'Reducción de potencia por tensión de red', en: 'Grid-voltage power reduction', fr: 'Réduction de puissance due à la tension réseau', ar: 'خفض القدرة بسبب جهد الشبكة', zh: '电网电压降功率' }, benign: true },
};

/** The name of an error code in `language`, or a generic one for a code not in the table. */
export function froniusErrorName(code: number, language: NameLanguage): string {
  const known = FRONIUS_ERROR_CODES[code]?.names[language];
  if (known) return known;
  const generic: Names = { es: `Código de estado ${code}`, en: `State code ${code}`, fr: `Code d’état ${code}`, ar: `رمز الحالة ${code}`, zh: `状态代码 ${code}` };
  return generic[language];
}

