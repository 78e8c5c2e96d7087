/**
 * The profile's Web Push card: turning notifications on for this device (permission, the service
 * worker's push subscription under the server's key, then the server), the list of the user's
 * devices with removal, and a plain word when the browser has no push or notifications are blocked.
 * The browser's service worker, PushManager and Notification are stubbed: the edge of the page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from '../../../../src/resources/profile/ProfilePage';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../../testing/web';

quietConsole();

const profile = { id: 'me', email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '', image: null, report_opt_out: false, language: 'es' };
const routes = <Route path="/profile/me" element={<ProfilePage />} />;
/** A VAPID public key: 65 bytes, the first 4. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
const KEY = btoa(String.fromCharCode(...KEY_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const SUBSCRIPTION = { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: 'BPp', auth: 'au' } };

let devices: { id: number; device: string; alarm_closings: boolean; created_at: string }[];
let subscribe: ReturnType<typeof vi.fn>;
let requestPermission: ReturnType<typeof vi.fn>;

function provider() {
  const call = vi.fn(async (_resource: string, action: string, params: any = {}) => {
    switch (action) {
      case 'pushKey': return { public_key: KEY };
      case 'pushDevices': return devices;
      case 'pushSubscribe': {
        const device = { id: 9, device: 'Chrome · Android', alarm_closings: params.data.alarm_closings, created_at: '2026-12-04T15:00:00Z' };
        devices = [device, ...devices];
        return device;
      }
      case 'pushRemove': devices = devices.filter((d) => d.id !== params.id); return null;
      default: throw new Error(action);
    }
  });
  return { ...fakeDataProvider({ profile: [{ ...profile }] }), call };
}

/** A browser with push: a service worker whose push manager subscribes, and notifications not yet asked. */
function browserWithPush(permission: NotificationPermission = 'default') {
  subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  requestPermission = vi.fn(async () => 'granted');
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager: { subscribe } }) } });
}

beforeEach(() => {
  devices = [{ id: 7, device: 'Firefox · Windows', alarm_closings: false, created_at: '2026-11-02T12:00:00Z' }];
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as any).serviceWorker;
});

describe('notifications on your devices', () => {
  it('turns them on for this device: asks permission, subscribes under the server key, and the device joins the list', async () => {
    browserWithPush();
    const dataProvider = provider();
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    const list = await screen.findByRole('list', { name: 'Tus dispositivos' });
    expect(await within(list).findByText('Firefox · Windows')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Avisarme también cuando una alarma se resuelva' }));
    await userEvent.click(screen.getByRole('button', { name: 'Activar notificaciones en este dispositivo' }));

    expect(within(await resultDialog()).getByText('Notificaciones activadas en este dispositivo.')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });
    expect(dataProvider.call).toHaveBeenCalledWith('profile', 'pushSubscribe', { data: { ...SUBSCRIPTION, alarm_closings: true } });
    expect(await within(list).findByText('Chrome · Android')).toBeInTheDocument();
    expect(within(list).getByText(/también alarmas resueltas/)).toBeInTheDocument();
    expect(screen.getByText('Las notificaciones están activadas en este dispositivo.')).toBeInTheDocument();
  });

  it('removes a device from the list', async () => {
    browserWithPush();
    const dataProvider = provider();
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar: Firefox · Windows' }));
    expect(within(await resultDialog()).getByText('Dispositivo quitado.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('profile', 'pushRemove', { id: 7 });
    expect(await screen.findByText('Ningún dispositivo tuyo recibe notificaciones.')).toBeInTheDocument();
  });

  it('says plainly when this browser has no push, and offers no button', async () => {
    renderAdmin('/profile/me', { dataProvider: provider(), staff: false, routes });
    expect(await screen.findByText(/Este navegador no puede recibir notificaciones push/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones en este dispositivo' })).toBeNull();
    // Its devices elsewhere are still listed, and removable.
    expect(await screen.findByText('Firefox · Windows')).toBeInTheDocument();
  });

  it('says plainly when notifications are blocked, before or at the question, and subscribes nothing', async () => {
    browserWithPush('denied');
    const { unmount } = renderAdmin('/profile/me', { dataProvider: provider(), staff: false, routes });
    expect(await screen.findByText(/Bloqueaste las notificaciones de este sitio/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Activar notificaciones en este dispositivo' })).toBeNull();
    unmount();

    browserWithPush();
    requestPermission.mockImplementation(async () => {
      (Notification as any).permission = 'denied';
      return 'denied';
    });
    const dataProvider = provider();
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Activar notificaciones en este dispositivo' }));
    expect(await screen.findByText(/Bloqueaste las notificaciones de este sitio/)).toBeInTheDocument();
    expect(subscribe).not.toHaveBeenCalled();
    await waitFor(() => expect(dataProvider.call).not.toHaveBeenCalledWith('profile', 'pushSubscribe', expect.anything()));
  });
});
