/**
 * The public pages as a user sees them, mounted in the real app shell (react-admin context,
 * translations, routes) inside a memory router, with fetch mocked.
 */
import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../src/App';
import { getAccessToken, getProfile, setProfile, setTokens } from '../../../src/providers/session';
import type { AppI18nProvider } from '../../../src/providers/i18nProvider';

// The admin part is its own lazy chunk; a stand-in shows where navigation landed, except in the
// tests of the admin guard, which load the real one.
const admin = vi.hoisted(() => ({ real: false }));
vi.mock('../../../src/layout/AdminApp', async (importOriginal) => {
  const { lazy } = await import('react');
  const real = () => importOriginal<typeof import('../../../src/layout/AdminApp')>();
  const RealAdmin = lazy(real);
  return {
    default: () => (admin.real ? <RealAdmin /> : <div>admin app</div>),
    addAdminMessages: async (i18n: AppI18nProvider) => { if (admin.real) await (await real()).addAdminMessages(i18n); },
  };
});

interface Reply { status?: number; body?: unknown }
type Handler = (url: URL, init: RequestInit) => Reply | Promise<Reply>;

let requests: { method: string; url: URL; body: unknown }[] = [];

/** What GET /api/features answers (the server's configuration); not counted in `requests`. */
const FEATURES = { name: 'Solar Chile', time_zone: 'America/Santiago', sign_in: { password: true, google: true }, weather: true, mail: true };
let features: Reply = { body: FEATURES };

function mockFetch(handler: Handler) {
  requests = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/api/features') {
      return new Response(JSON.stringify(features.body), { status: features.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }
    requests.push({ method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    const { status = 200, body } = await handler(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }));
}

/** Where the router is, written by <Where> once it has rendered (a test's window on the address). */
const where = { location: '' };
const Where = () => {
  const { pathname, search } = useLocation();
  useEffect(() => { where.location = pathname + search; });
  return null;
};

function renderAt(path: string, locale = 'es') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell store={memoryStore({ locale })} />
      <Where />
    </MemoryRouter>,
  );
}

const PROFILE = {
  id: 5, email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '',
  image: null, is_staff: false, is_superuser: false,
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  admin.real = false;
  features = { body: FEATURES };
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const submitButton = (name: RegExp | string) => screen.getByRole('button', { name });

describe('login page', () => {
  it('shows the SPEC §5 validation messages', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500 }));
    renderAt('/login');
    await user.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText('Por favor ingresa Correo Electrónico')).toBeInTheDocument();
    expect(screen.getByText('Por favor ingresa tu Contraseña')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Correo Electrónico/), 'ana@');
    await user.type(screen.getByLabelText(/Contraseña/), 'abc');
    expect(screen.getByText('Por favor ingresa un Correo Electrónico valido')).toBeInTheDocument();
    expect(screen.getByText('Debe tener entre 4 y 16 caracteres')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows 'Contraseña incorrecta' after a failed login, for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockFetch(() => ({ status: 400, body: { password: ['Contraseña incorrecta'] } }));
    renderAt('/login');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'ana@solar.cl');
    await user.type(screen.getByLabelText(/Contraseña/), 'wrong-pass');
    await user.click(submitButton('Iniciar sesión'));

    expect(await screen.findByText('Contraseña incorrecta')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'POST', body: { email: 'ana@solar.cl', password: 'wrong-pass' } });
    expect(requests[0].url.pathname).toBe('/api/auth/token');

    act(() => { vi.advanceTimersByTime(2900); });
    expect(screen.getByText('Contraseña incorrecta')).toBeInTheDocument();
    act(() => { vi.advanceTimersByTime(200); });
    expect(screen.queryByText('Contraseña incorrecta')).not.toBeInTheDocument();
  });

  it("shows each e-mail error from the server instead", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 400, body: { email: ['No existe una cuenta registrada con este correo electrónico.'] } }));
    renderAt('/login');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'nadie@solar.cl');
    await user.type(screen.getByLabelText(/Contraseña/), 'abcd');
    await user.click(submitButton('Iniciar sesión'));
    expect(await screen.findByText('No existe una cuenta registrada con este correo electrónico.')).toBeInTheDocument();
    expect(screen.queryByText('Contraseña incorrecta')).not.toBeInTheDocument();
  });

  it('an account awaiting activation can have its link resent from the login page (SPEC §8 messages)', async () => {
    const user = userEvent.setup();
    let resend: Reply = { body: { detail: 'ok' } };
    const NOT_ACTIVATED = 'La cuenta no está activada. Revise su correo electrónico para activarla.';
    mockFetch((url) => (url.pathname === '/api/auth/token' ? { status: 400, body: { email: [NOT_ACTIVATED], user_id: 12 } } : resend));
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de activación' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'Ana@Solar.cl');
    await user.type(screen.getByLabelText(/Contraseña/), 'abcd');
    await user.click(submitButton('Iniciar sesión'));
    expect(await screen.findByText(NOT_ACTIVATED)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reenviar el enlace de activación' }));
    expect(await screen.findByText('Enlace de verificación reenviado exitosamente.')).toBeInTheDocument();
    expect(requests[1].method).toBe('GET');
    expect(requests[1].url.pathname).toBe('/api/auth/account-check/12');
    expect(requests[1].url.searchParams.get('email')).toBe('Ana@Solar.cl');

    resend = { status: 429, body: { detail: 'Demasiadas solicitudes.' } };
    await user.click(screen.getByRole('button', { name: 'Reenviar el enlace de activación' }));
    expect(await screen.findByText('Ocurrió un error al reenviar el enlace')).toBeInTheDocument();
  });

  it('offers no resend for other login errors', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 400, body: { email: ['La cuenta está desactivada. Contacte al administrador.'] } }));
    renderAt('/login');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'ana@solar.cl');
    await user.type(screen.getByLabelText(/Contraseña/), 'abcd');
    await user.click(submitButton('Iniciar sesión'));
    expect(await screen.findByText('La cuenta está desactivada. Contacte al administrador.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar el enlace de activación' })).not.toBeInTheDocument();
  });

  it('disables the submit button while processing, then signs in and opens monitoring', async () => {
    const user = userEvent.setup();
    let answer!: (reply: Reply) => void;
    mockFetch((url) => (url.pathname === '/api/auth/token'
      ? new Promise<Reply>((resolve) => { answer = resolve; })
      : { body: PROFILE }));
    renderAt('/login');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'ana@solar.cl');
    await user.type(screen.getByLabelText(/Contraseña/), 'abcd');
    await user.click(submitButton('Iniciar sesión'));

    await waitFor(() => expect(submitButton('Iniciar sesión')).toBeDisabled());
    answer({ body: { access: 'A', refresh: 'R' } });
    expect(await screen.findByText('admin app')).toBeInTheDocument();
    expect(where.location).toBe('/app/monitoring');
    expect(getAccessToken()).toBe('A');
    expect(getProfile()).toEqual(PROFILE);
  });

  it("shows the portal's one brand name, the settings' (issue 11)", async () => {
    features = { body: { ...FEATURES, name: 'Energía del Sur' } };
    mockFetch(() => ({ body: {} }));
    renderAt('/login');
    expect(await screen.findByText('Energía del Sur')).toBeInTheDocument();
    // The tab says which page, then the portal (issue 33: every page was titled the same).
    const title = screen.getByRole('heading', { level: 1 }).textContent;
    await waitFor(() => expect(document.title).toBe(`${title} · Energía del Sur`));
    expect(title).toBeTruthy();
  });

  it("names the language button with the words it shows: the language and, on a phone, its code (issue 33)", async () => {
    mockFetch(() => ({ body: {} }));
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Español (ES)' })).toHaveTextContent('ES');
  });

  it('offers Google sign-in, registration and password recovery', async () => {
    mockFetch(() => ({ body: {} }));
    renderAt('/login');
    expect(await screen.findByRole('link', { name: /Google/ })).toHaveAttribute('href', '/api/auth/login/google');
    expect(screen.getByRole('link', { name: /Regístrate/ })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: /Olvidaste/ })).toHaveAttribute('href', '/forgot-password');
  });

  it.each([
    ['the server has no Google sign-in configured', { body: { ...FEATURES, sign_in: { password: true, google: false } } }],
    ['the server cannot say what it has configured', { status: 500, body: { detail: 'boom' } }],
  ])('offers no Google sign-in when %s (no raw 503 to land on)', async (_, reply: Reply) => {
    features = reply;
    mockFetch(() => ({ body: {} }));
    renderAt('/login');
    expect(await screen.findByRole('link', { name: /Regístrate/ })).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/features', expect.anything()));
    // Give the features' answer time to render anything it would.
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('link', { name: /Google/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('sends an already signed-in user to /', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ body: {} }));
    renderAt('/login');
    expect(await screen.findByText('admin app')).toBeInTheDocument();
    expect(where.location).toBe('/app/monitoring');
  });

  it("after a failed logout says 'Ocurrió un error al finalizar la sesión'", async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ status: 500, body: { detail: 'boom' } }));
    renderAt('/logout');
    expect(await screen.findByText('Ocurrió un error al finalizar la sesión')).toBeInTheDocument();
    expect(where.location).toBe('/login');
    expect(getAccessToken()).toBeNull();
  });
});

describe('the language of the profile (issue 33, item 8)', () => {
  it('at sign-in the app takes the profile\'s language', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname === '/api/auth/token' ? { body: { access: 'A', refresh: 'R' } } : { body: { ...PROFILE, language: 'ar' } }));
    renderAt('/login');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'ana@solar.cl');
    await user.type(screen.getByLabelText(/Contraseña/), 'abcd');
    await user.click(submitButton('Iniciar sesión'));
    expect(await screen.findByText('admin app', {}, { timeout: 10000 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });
});

describe('register page', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByLabelText(/^Nombre/), 'Ana');
    await user.type(screen.getByLabelText(/^Apellido/), 'Paz');
    await user.type(screen.getByLabelText(/Correo Electrónico/), 'ana@solar.cl');
    // Typed left to right in every language (its digit groups otherwise run in reverse in Arabic).
    expect(screen.getByLabelText(/Teléfono/)).toHaveAttribute('dir', 'ltr');
    await user.type(screen.getByLabelText(/Teléfono/), '+56 9 1234 5678');
    await user.type(screen.getByLabelText(/Dirección/), 'Av. Matta 1');
    await user.type(screen.getByLabelText(/Contraseña/), 'abcd1234');
  };

  it('validates every field', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500 }));
    renderAt('/register');
    await user.click(await screen.findByRole('button', { name: 'Registrarse' }));
    for (const message of ['Por favor ingresa el Nombre', 'Por favor ingresa Apellido', 'Por favor ingresa Correo Electrónico',
      'Por favor ingresa Teléfono', 'Por favor ingresa Dirección', 'Por favor ingresa tu Contraseña']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(requests).toHaveLength(0);
  });

  it("shows 'Este correo electrónico ya se encuentra registrado.' on non_field_errors", async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 400, body: { non_field_errors: ['Ya existe un registro con estos datos.'] } }));
    renderAt('/register');
    await fill(user);
    await user.click(submitButton('Registrarse'));
    expect(await screen.findByText('Este correo electrónico ya se encuentra registrado.')).toBeInTheDocument();
    expect(requests[0].url.pathname).toBe('/api/auth/signup');
    expect(requests[0].body).toEqual({
      first_name: 'Ana', last_name: 'Paz', email: 'ana@solar.cl', phone: '+56 9 1234 5678', address: 'Av. Matta 1', password: 'abcd1234',
    });
  });

  it("says 'Registro Exitoso' and can resend the link", async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname === '/api/auth/signup'
      ? { status: 201, body: { id: 12, email: 'ana@solar.cl' } }
      : { status: 500, body: { detail: 'x' } }));
    renderAt('/register');
    await fill(user);
    await user.click(submitButton('Registrarse'));
    expect(await screen.findByText('Registro Exitoso')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reenviar el enlace' }));
    expect(await screen.findByText('Ocurrió un error al reenviar el enlace')).toBeInTheDocument();
    expect(requests[1].url.pathname).toBe('/api/auth/account-check/12');
    // The server resends only to whoever knows the account's e-mail.
    expect(requests[1].url.searchParams.get('email')).toBe('ana@solar.cl');
  });
});

describe('account pages', () => {
  it('forgot password: the SPEC §8 error when the mail cannot be sent', async () => {
    const user = userEvent.setup();
    mockFetch(() => ({ status: 500, body: { detail: 'smtp' } }));
    renderAt('/forgot-password');
    await user.type(await screen.findByLabelText(/Correo Electrónico/), 'ana@solar.cl');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Ocurrió un error al enviar el Correo Electrónico para recuperar contraseña')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'POST', body: { email: 'ana@solar.cl' } });
    expect(requests[0].url.pathname).toBe('/api/password-reset-email/');
  });

  it('reset password: a bad link says the token is wrong', async () => {
    mockFetch(() => ({ status: 400, body: { detail: 'invalid' } }));
    renderAt('/user/reset-password/abc/def');
    expect(await screen.findByText('El token de validación es incorrecto, intentalo nuevamente')).toBeInTheDocument();
    expect(requests[0].url.pathname).toBe('/api/password-reset/abc/def');
  });

  it('reset password: a good link lets the user set the new password', async () => {
    const user = userEvent.setup();
    mockFetch((url) => (url.pathname === '/api/password-reset-complete/' ? { status: 500, body: {} } : { body: { success: true } }));
    renderAt('/user/reset-password/abc/def');
    await user.type(await screen.findByLabelText(/^Contraseña/), 'nueva123');
    await user.type(screen.getByLabelText(/Confirmar/), 'nueva123');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await screen.findByText('Ocurrió un error al cambiar la contraseña')).toBeInTheDocument();
    expect(requests[1]).toMatchObject({ method: 'PATCH', body: { password: 'nueva123', code: 'abc', token: 'def' } });
  });

  it('account activation: calls the API with the token of the link', async () => {
    mockFetch(() => ({ body: { detail: 'ok' } }));
    renderAt('/user/account-activate?token=tok1');
    expect(await screen.findByText(/Cuenta activada exitosamente/)).toBeInTheDocument();
    expect(requests[0].url.pathname + requests[0].url.search).toBe('/api/auth/account-activate?token=tok1');
  });

  it('Google return point: stores tokens and profile, then opens monitoring', async () => {
    mockFetch((url) => (url.pathname === '/api/auth/login/google' ? { body: { access: 'GA', refresh: 'GR' } } : { body: PROFILE }));
    renderAt('/user/auth/login/google?code=c1&state=s1');
    expect(await screen.findByText('admin app')).toBeInTheDocument();
    expect(requests[0].url.search).toBe('?code=c1&state=s1');
    expect(getAccessToken()).toBe('GA');
    expect(getProfile()).toEqual(PROFILE);
  });

  it("Google return point: 'Error al iniciar sesión' on failure", async () => {
    mockFetch(() => ({ status: 400, body: { detail: 'bad state' } }));
    renderAt('/user/auth/login/google?code=c1&state=s1');
    expect(await screen.findByText('Error al iniciar sesión')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });
});

describe('routes', () => {
  it("an unknown path shows the 404 page with 'Back to Dashboard'", async () => {
    mockFetch(() => ({ body: {} }));
    renderAt('/unknown', 'en');
    const back = await screen.findByRole('link', { name: 'Back to Dashboard' });
    expect(back).toHaveAttribute('href', '/');
    expect(where.location).toBe('/404');
  });

  it('/ goes to /app/monitoring for a signed-in user', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ body: {} }));
    renderAt('/');
    expect(await screen.findByText('admin app')).toBeInTheDocument();
    expect(where.location).toBe('/app/monitoring');
  });

  it('the page follows the language: Arabic switches the document to right-to-left', async () => {
    mockFetch(() => ({ body: {} }));
    renderAt('/login', 'ar');
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

describe('the admin guard', () => {
  // The admin chunk is big: load it once up front, so a busy machine does not eat the tests' time.
  beforeAll(async () => { await vi.importActual('../../../src/layout/AdminApp'); }, 60_000);
  beforeEach(() => { admin.real = true; });

  it('sends a visitor without a session from /app/monitoring to /login', async () => {
    mockFetch(() => ({ status: 401, body: { detail: 'no' } }));
    renderAt('/app/monitoring');
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' }, { timeout: 25000 })).toBeInTheDocument();
    expect(where.location).toBe('/login');
    expect(requests).toHaveLength(0);
  });

  it('fetches the profile first when only tokens are known, then shows monitoring with the projects', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    mockFetch((url) => {
      if (url.pathname === '/api/my-profile') return { body: PROFILE };
      if (url.pathname === '/api/project-all/') return { body: { count: 1, next: null, previous: null, results: [{ id: 1, name: 'Proyecto Demo', image_project: null, plants_count: 1 }] } };
      if (url.pathname === '/api/power-plant-all/1') return { body: { count: 1, next: null, previous: null, results: [{ id: 3, name: 'Central Maipú', project: 1, capacity_kwp: 12.5 }] } };
      return { status: 404, body: { detail: 'No encontrado.' } };
    });
    renderAt('/app/monitoring');
    expect(await screen.findByText('Central Maipú', {}, { timeout: 25000 })).toBeInTheDocument();
    expect(screen.getByText('Proyecto Demo')).toBeInTheDocument();
    expect(screen.getByText(/El monitoreo en vivo/)).toBeInTheDocument();
    expect(requests[0].url.pathname).toBe('/api/my-profile');
    expect(getProfile()).toEqual(PROFILE);
  });

  it('signed in, choosing a language in the top bar saves it to the profile (issue 33, item 8)', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile({ ...PROFILE, language: 'es' });
    mockFetch((url, init) => {
      if (url.pathname === '/api/my-profile/update') return { body: { ...PROFILE, language: JSON.parse(String(init.body)).language } };
      if (url.pathname === '/api/my-profile') return { body: { ...PROFILE, language: 'es' } };
      return { body: { count: 0, next: null, previous: null, results: [] } };
    });
    renderAt('/app/profile/me');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Español' }, { timeout: 25000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.url.pathname === '/api/my-profile/update')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT' && r.url.pathname === '/api/my-profile/update')!;
    expect(put.body).toEqual({ language: 'ar' });
    await waitFor(() => expect(getProfile()?.language).toBe('ar'));
  });

  it('an unknown admin path goes to /404', async () => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ body: [] }));
    renderAt('/app/no-such-page');
    expect(await screen.findByText('404', {}, { timeout: 25000 })).toBeInTheDocument();
    expect(where.location).toBe('/404');
  });

  // Plants, inverters, MPPTs, strings and panels are listed inside their parent's page: their own
  // list path, or an edit path (they are edited in dialogs), is no page and was left blank.
  it.each(['/app/power-plants', '/app/investors/3/edit', '/app/tickets/1/anything', '/app/investors/create'])('%s, a path with no page of its own, goes to /404', async (path) => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ body: [] }));
    renderAt(path);
    expect(await screen.findByText('404', {}, { timeout: 25000 })).toBeInTheDocument();
    expect(where.location).toBe('/404');
  });

  // react-admin routes every path of a resource it has no page for to its list: /app/tickets/1 (the
  // address of a ticket, as one would type it) showed the tickets' list. (Users have an edit page
  // since staff edit accounts: /app/users/1 is that page.)
  it.each([['/app/tickets/1', '/app/tickets/1/show'], ['/app/investors/3', '/app/investors/3/show']])('%s, a record without an edit page, opens its page', async (path, page) => {
    setTokens({ access: 'A', refresh: 'R' });
    setProfile(PROFILE);
    mockFetch(() => ({ body: [] }));
    renderAt(path);
    await waitFor(() => expect(where.location).toBe(page), { timeout: 25000 });
  });
});
