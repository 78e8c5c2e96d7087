/** Net billing's staff screens (issue 38): a distributor's tariffs and injection prices, and the CSV imports. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, i18nIn, quietConsole, renderAdmin, resultDialog } from '../../../testing/web';

quietConsole();

const tariff = {
  id: 3, distributor: 1, distributor_name: 'Enel Distribución Chile', option: 'BT1a', valid_from: '2026-01-01', valid_to: null,
  fixed_charge: 1180.5, energy_charge: 152.3456, transmission_charge: 21.2, public_service_charge: 0.9,
  winter_charge: 98.75, winter_threshold_kwh: 430, winter_from_month: 4, winter_to_month: 9,
  demand_charge: null, peak_demand_charge: null, source: 'Pliego tarifario Enel enero 2026', created_at: '2026-01-02T00:00:00Z',
};
const price = { id: 8, distributor: 1, distributor_name: 'Enel Distribución Chile', month: '2026-03-01', price: 62.5, source: 'ITD precio de nudo', created_at: '2026-03-02T00:00:00Z' };
const tables = () => ({
  distributors: [{ id: 1, name: 'Enel Distribución Chile', created_at: '2025-01-01T00:00:00Z' }],
  tariffs: [tariff],
  'injection-prices': [price],
});

describe('a distributor (issue 38)', () => {
  it("lists its tariffs with every component and its injection prices by month, in Spanish", async () => {
    renderAdmin('/distributors/1', { dataProvider: fakeDataProvider(tables()) });
    const row = (await screen.findByText('BT1a', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    for (const text of ['1.180,5', '152,3456', '21,2', '0,9', '98,75', '430', 'abr.', 'sept.', 'Hasta la siguiente', 'Pliego tarifario Enel enero 2026']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByText('01-01-2026')).toBeInTheDocument();
    const priceRow = screen.getByText('marzo de 2026').closest('tr') as HTMLElement;
    expect(within(priceRow).getByText('62,5 CLP/kWh')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tarifas' })).toBeInTheDocument();
  });

  it.each([
    ['ar', '1,180.5', '152.3456', 'مارس 2026'],
    ['zh', '1,180.5', '152.3456', '2026年3月'],
  ])('shows the figures in %s formats', async (lang, fixed, energy, month) => {
    renderAdmin('/distributors/1', { dataProvider: fakeDataProvider(tables()), i18n: await i18nIn(lang) });
    const row = (await screen.findByText('BT1a', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText(fixed)).toBeInTheDocument();
    expect(within(row).getByText(energy)).toBeInTheDocument();
    expect(screen.getByText(month)).toBeInTheDocument();
  });

  it("imports a tariffs CSV and says how many rows it added and replaced", async () => {
    const dataProvider = Object.assign(fakeDataProvider(tables()), { call: vi.fn(async () => ({ created: 2, updated: 1 })) });
    renderAdmin('/distributors', { dataProvider });
    const csv = 'distributor,option,valid_from,energy_charge\nEnel Distribución Chile,BT1a,2026-07-01,160\n';
    await userEvent.upload(await screen.findByLabelText('Importar tarifas (CSV)', { selector: 'input' }), new File([csv], 'tarifas.csv', { type: 'text/csv' }));
    expect(within(await resultDialog()).getByText('Archivo importado: 2 filas nuevas, 1 actualizadas.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('tariffs', 'import', { data: { csv } });
  });

  it("shows each bad line and column of a refused CSV, and that nothing was imported", async () => {
    const refusal = { body: { energy_charge: ['Línea 3: «abc» no es un número entre 0 y 1000000000.'], valid_from: ['Línea 4: «2026-13-01» no es una fecha AAAA-MM-DD.'] }, status: 400 };
    const dataProvider = Object.assign(fakeDataProvider(tables()), { call: vi.fn(async () => { throw Object.assign(new Error('HTTP 400'), refusal); }) });
    renderAdmin('/distributors/1', { dataProvider });
    await userEvent.upload(await screen.findByLabelText('Importar precios de inyección (CSV)', { selector: 'input' }), new File(['x'], 'precios.csv'));
    const dialog = await resultDialog();
    expect(within(dialog).getByText('No se importó nada: corrige estas filas y vuelve a subir el archivo.')).toBeInTheDocument();
    expect(within(dialog).getByText('Línea 3: «abc» no es un número entre 0 y 1000000000.')).toBeInTheDocument();
    expect(within(dialog).getByText('Línea 4: «2026-13-01» no es una fecha AAAA-MM-DD.')).toBeInTheDocument();
    expect(dataProvider.call).toHaveBeenCalledWith('injection-prices', 'import', { data: { csv: 'x' } });
  });

  it("adds a tariff from the distributor's page and comes back to it", { timeout: 60_000 }, async () => {
    const dataProvider = fakeDataProvider(tables());
    renderAdmin('/distributors/1', { dataProvider });
    await userEvent.click(await screen.findByRole('link', { name: 'Agregar tarifa' }));
    // The form is a chunk of its own: it may take a while on a busy machine.
    await userEvent.click(await screen.findByRole('combobox', { name: /Opción tarifaria/ }, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('option', { name: 'BT3' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Cargo por energía/ }), '140,5');
    await userEvent.type(screen.getByRole('textbox', { name: /Cargo por demanda \(CLP/ }), '9800');
    // The date field's hidden input takes what is typed (MUI X's own way of testing its fields).
    const from = await screen.findByRole('group', { name: /Vigente desde/ }, { timeout: 5000 });
    fireEvent.change(from.parentElement!.querySelector('input')!, { target: { value: '01-07-2026' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(within(await resultDialog()).getByText('Tarifa creada exitosamente.')).toBeInTheDocument();
    expect(dataProvider.create).toHaveBeenCalledWith('tariffs', expect.objectContaining({
      data: expect.objectContaining({ distributor: 1, option: 'BT3', energy_charge: 140.5, demand_charge: 9800, valid_from: '2026-07-01' }),
    }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/distributors/1'));
  });
});
