/**
 * Every language has every key Spanish has (react-admin's, ours and the resource screens'), no
 * empty text, the same %{placeholders}; Spanish covers all of react-admin's English keys; and the
 * SPEC's Spanish messages are word for word.
 */
import { describe, expect, it } from 'vitest';
import englishRa from 'ra-language-english';
import esShell from '../../src/i18n/es';
import esAdmin from '../../src/i18n/es/admin';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';
import ar from '../../src/i18n/ar';
import zh from '../../src/i18n/zh';
import { flatten, mergeMessages } from '../../src/i18n/merge';
import { LOCALES } from '../../src/i18n/locales';
import { createI18nProvider } from '../../src/providers/i18nProvider';

// Spanish in two parts: the admin's (loaded with it), and the shell's and public pages', which go over it.
const es = mergeMessages(esAdmin, esShell);
const reference = flatten(es);
const others = { en, fr, ar, zh } as Record<string, object>;

/** react-admin renders null booleans as a blank on purpose. */
const BLANK_ALLOWED = new Set(['ra.boolean.null']);

const placeholders = (text: unknown) => [...String(text).matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const unique = (list: string[]) => [...new Set(list)];

describe('translations', () => {
  it('Spanish has every react-admin key of ra-language-english', () => {
    const missing = Object.keys(flatten(englishRa)).filter((key) => !(key in reference));
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(others))('%s has every key of es, and no key es lacks', (lang) => {
    const keys = flatten(others[lang]);
    expect(Object.keys(reference).filter((key) => !(key in keys))).toEqual([]);
    expect(Object.keys(keys).filter((key) => !(key in reference))).toEqual([]);
  });

  it.each(['es', ...Object.keys(others)])('%s has no empty text', (lang) => {
    const messages = flatten(lang === 'es' ? es : others[lang]);
    const empty = Object.entries(messages)
      .filter(([key, value]) => typeof value !== 'string' || value.length === 0 || (!value.trim() && !BLANK_ALLOWED.has(key)))
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  // Ours keep exactly the placeholders of es; react-admin's packs may leave one out (French says
  // "cet élément" instead of naming it) but never invent one.
  it.each(Object.keys(others))('%s keeps the placeholders of es', (lang) => {
    const messages = flatten(others[lang]);
    const wrong = Object.keys(reference).filter((key) => {
      if (!(key in messages)) return false;
      const have = unique(placeholders(messages[key]));
      const want = unique(placeholders(reference[key]));
      return key.startsWith('ra.') ? have.some((p) => !want.includes(p)) : have.join() !== want.join();
    });
    expect(wrong).toEqual([]);
  });

  // Polyglot picks the plural form by the language's rules: Arabic has six (zero, one, two, 3-10,
  // 11-99, 100+), Chinese one. A text with the wrong number of forms shows the wrong one.
  it.each([['ar', 6], ['zh', 1]] as const)('%s plural texts have the forms of the language', (lang, forms) => {
    const wrong = Object.entries(flatten(others[lang]))
      .filter(([, value]) => String(value).includes('||||'))
      .filter(([, value]) => String(value).split('||||').length !== forms)
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it('has the Spanish messages of SPEC §5 and §8 word for word', () => {
    expect(reference).toMatchObject({
      'app.tagline': 'Por un país 100% renovable y con acceso para todos',
      'app.validation.name': 'El nombre es requerido',
      'app.validation.description': 'La descripción es requerida',
      'app.validation.message': 'El mensaje es requerido',
      'app.validation.first_name': 'Por favor ingresa el Nombre',
      'app.validation.last_name': 'Por favor ingresa Apellido',
      'app.validation.email': 'Por favor ingresa Correo Electrónico',
      'app.validation.phone': 'Por favor ingresa Teléfono',
      'app.validation.address': 'Por favor ingresa Dirección',
      'app.validation.password': 'Por favor ingresa tu Contraseña',
      'app.validation.email_invalid': 'Por favor ingresa un Correo Electrónico valido',
      'app.validation.password_length': 'Debe tener entre 4 y 16 caracteres',
      'app.messages.register_success': 'Registro Exitoso',
      'app.messages.register_error': 'Ocurrió un error al registrar el usuario.',
      'app.messages.email_taken': 'Este correo electrónico ya se encuentra registrado.',
      'app.messages.login_error': 'Contraseña incorrecta',
      'app.messages.google_error': 'Error al iniciar sesión',
      'app.messages.session_expired': 'Para entrar por favor inicie sesión nuevamente.',
      'app.messages.recovery_error': 'Ocurrió un error al enviar el Correo Electrónico para recuperar contraseña',
      'app.messages.reset_error': 'Ocurrió un error al cambiar la contraseña',
      'app.messages.token_invalid': 'El token de validación es incorrecto, intentalo nuevamente',
      'app.messages.resend_error': 'Ocurrió un error al reenviar el enlace',
      'app.messages.logout_error': 'Ocurrió un error al finalizar la sesión',
    });
  });

  it('offers each language in its own name, plus English right-to-left', () => {
    expect(LOCALES.map((l) => l.name)).toEqual(['Español', 'English', 'Français', 'العربية', '中文', 'English (RTL)']);
  });
});

describe('i18nProvider', () => {
  it('starts in Spanish, left to right', () => {
    const i18n = createI18nProvider();
    expect(i18n.getLocale()).toBe('es');
    expect(i18n.translate('app.messages.login_error')).toBe('Contraseña incorrecta');
    expect(document.documentElement.lang).toBe('es');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('Arabic and English (RTL) lay the page out right to left; subscribers hear of it', async () => {
    const i18n = createI18nProvider();
    const heard: string[] = [];
    i18n.subscribe((locale) => heard.push(locale));

    await i18n.changeLocale('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(i18n.translate('ra.action.save')).toBe('حفظ');

    await i18n.changeLocale('en-rtl');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(i18n.translate('app.not_found.back')).toBe('Back to Dashboard');
    expect(i18n.translate('ra.notification.updated', { smart_count: 2 })).toBe('2 elements updated');

    await i18n.changeLocale('ar');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('تم تحديد عنصرين');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 5 })).toBe('تم تحديد 5 عناصر');

    await i18n.changeLocale('zh');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    // Simplified Chinese, named with its script (issue 33: the page said 'zh').
    expect(document.documentElement).toHaveAttribute('lang', 'zh-Hans');
    expect(i18n.translate('ra.action.save')).toBe('保存');
    expect(i18n.translate('ra.action.bulk_actions', { smart_count: 5 })).toBe('已选择 5 项');
    expect(heard).toEqual(['ar', 'en-rtl', 'ar', 'zh']);
  });

  it("has react-admin's and the admin screens' Spanish once the admin adds them", async () => {
    const i18n = createI18nProvider();
    expect(i18n.translate('resources.projects.name', { smart_count: 2 })).toBe('resources.projects.name');
    await i18n.addAdminMessages(esAdmin);
    expect(i18n.translate('resources.projects.name', { smart_count: 2 })).toBe('Proyectos');
    expect(i18n.translate('app.messages.login_error')).toBe('Contraseña incorrecta');
    // The shell's override of one of react-admin's messages stands: a detail page is titled by its record.
    expect(i18n.translate('ra.page.show', { name: 'Proyecto', recordRepresentation: 'Demo' })).toBe('Demo');
    await i18n.changeLocale('en');
    expect(i18n.translate('resources.projects.name', { smart_count: 2 })).toBe('Projects');
  });

  // The menu and a list's title ask for smart_count 2, react-admin's plural: in Arabic that count
  // selects the dual form ('إنذاران', two alarms), which must be the plural word (issue 33).
  it('Arabic names every resource in the plural where the menu and the lists ask for it, never the dual', async () => {
    const i18n = createI18nProvider();
    await i18n.addAdminMessages(esAdmin);
    await i18n.changeLocale('ar');
    const names = Object.keys((ar as { resources: object }).resources)
      .map((resource) => [resource, i18n.translate(`resources.${resource}.name`, { smart_count: 2 }), i18n.translate(`resources.${resource}.name`, { smart_count: 5 })]);
    expect(names.filter(([, two, many]) => two !== many)).toEqual([]);
    expect(i18n.translate('resources.alarms.name', { smart_count: 2 })).toBe('إنذارات');
  });

  it('Chinese page titles run on, without a space before the name (issue 11)', async () => {
    const i18n = createI18nProvider();
    await i18n.changeLocale('zh');
    expect(i18n.translate('ra.page.create', { name: '项目' })).toBe('新建项目');
    expect(i18n.translate('ra.action.create_item', { item: '项目' })).toBe('新建项目');
  });
});
