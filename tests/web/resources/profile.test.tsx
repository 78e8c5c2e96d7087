/** The own profile page. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ProfilePage from '../../../src/resources/profile/ProfilePage';
import { fakeDataProvider, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

describe('own profile', () => {
  const profile = { id: 'me', email: 'ana@solar.cl', first_name: 'Ana', last_name: 'Paz', phone: '', address: '', image: null, report_opt_out: false, language: 'es' };
  const routes = <Route path="/profile/me" element={<ProfilePage />} />;

  it('saves and says so', async () => {
    const dataProvider = fakeDataProvider({ profile: [{ ...profile }] });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    const first = await screen.findByDisplayValue('Ana');
    expect(screen.getByRole('textbox', { name: 'Teléfono' })).toHaveAttribute('dir', 'ltr');
    await userEvent.clear(first);
    await userEvent.type(first, 'Anita');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Perfil actualizado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('profile', expect.objectContaining({ data: expect.objectContaining({ first_name: 'Anita' }) }));
  });

  it('turns the monthly report mail off', async () => {
    const dataProvider = fakeDataProvider({ profile: [{ ...profile }] });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    const toggle = await screen.findByRole('switch', { name: 'No recibir el informe mensual por correo' });
    expect(screen.getByText('El primer día de cada mes enviamos por correo el informe del mes anterior de cada una de tus plantas.')).toBeInTheDocument();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Perfil actualizado exitosamente.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith('profile', expect.objectContaining({ data: expect.objectContaining({ report_opt_out: true }) }));
  });

  it('shows the language of the reports and mails, and changes it (issue 33, item 8)', async () => {
    const dataProvider = fakeDataProvider({ profile: [{ ...profile, language: 'fr' }] });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    const language = await screen.findByRole('combobox', { name: /Idioma/ });
    expect(language).toHaveTextContent('Français');
    expect(screen.getByText('El idioma de la aplicación al iniciar sesión, de tus informes mensuales y de los correos.')).toBeInTheDocument();
    await userEvent.click(language);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Español', 'English', 'Français', 'العربية', '中文']);
    await userEvent.click(screen.getByRole('option', { name: 'العربية' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledWith('profile', expect.objectContaining({ data: expect.objectContaining({ language: 'ar' }) })));
    // Saved, the app speaks it too.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });

  it('reports a failed update', async () => {
    const dataProvider = fakeDataProvider({ profile: [{ ...profile }] }, { update: { profile: {} } });
    renderAdmin('/profile/me', { dataProvider, staff: false, routes });
    await userEvent.type(await screen.findByDisplayValue('Ana'), 'lia');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Ocurrió un error al actualizar el perfil')).toBeInTheDocument();
  });
});
