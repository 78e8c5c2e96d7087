/**
 * The plant's bill on the monitoring page (issue 38): this month so far, last month and this year,
 * without solar and with it and the savings; the year month by month; the remanente ledger; every
 * figure in the language's format (Spanish, Arabic, Chinese).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { BillCard } from '../../../../src/pages/monitoring/BillCard';
import type { MonthBill, PlantBills, Reconciliation, RemanenteLedger } from '../../../../src/providers/monitoring';
import { fakeDataProvider, i18nIn, quietConsole, renderAdmin } from '../../../../testing/web';

quietConsole();

const bill = (total: number, credit = 0, vat = 0) => ({
  fixed: 0, energy: 0, transmission: 0, public_service: 0, winter: 0, demand: 0, charges: 0, credit, net: 0, vat, total,
});
const month = (m: string, without: number, withSolar: number, credit: number, vat: number, left: number, assignedTo: number | null = null): MonthBill => ({
  month: m,
  energies: { bought_kwh: 100, self_consumed_kwh: 200, injected_kwh: 300 },
  prices: {
    fixed_charge: 1200, energy_charge: 150, transmission_charge: 20, public_service_charge: 1, winter_charge: 0, winter_threshold_kwh: null,
    demand_charge: 0, peak_demand_charge: 0, periods: [{ from: `${m}-01`, to: `${m}-28`, days: 28 }],
  },
  injection_price: 60, vat_included: false,
  without_solar: bill(without, 0, Math.round(without * 0.19 / 1.19)), with_solar: bill(withSolar, credit, vat),
  remanente: { carried_in: 0, assigned_in: 0, earned: credit, left, assigned_to: assignedTo },
  savings: without - withSolar,
});
// January's credit exceeds its bill: 12 000 carried to February, which uses it.
const BILLS: PlantBills = {
  plant: 7, year: '2026', priced_by: 'distributor',
  months: [month('2026-01', 52_360, 0, 44_000, 0, 12_000), month('2026-02', 61_880, 9_520, 50_000, 1_520, 0), month('2026-03', 23_800, 4_760, 16_000, 760, 0)],
  savings: 52_360 + 52_360 + 19_040,
};
const LEDGER: RemanenteLedger = {
  plant: 7,
  months: [
    { month: '2026-01', injection_price: 60, carried_in: 0, assigned_in: 0, earned: 44_000, used: 32_000, left: 12_000, assigned_to: null },
    { month: '2026-02', injection_price: 60, carried_in: 12_000, assigned_in: 0, earned: 38_000, used: 50_000, left: 0, assigned_to: null },
    { month: '2026-03', injection_price: 60, carried_in: 0, assigned_in: 0, earned: 16_000, used: 14_000, left: 2_000, assigned_to: 9 },
  ],
};

const real = (month: string, bought: number, injected: number, amount: number, attachment: string | null = null) => ({
  id: Number(month.slice(5, 7)), plant: 7, month: `${month}-01`, bought_kwh: bought, injected_kwh: injected, amount, attachment, created_at: '2026-03-01T00:00:00Z',
});
// January as the portal has it; February's amount differs (another tariff); March without portal data.
const RECONCILIATION: Reconciliation = {
  plant: 7, year: '2026', threshold_pct: 5,
  months: [
    { month: '2026-01', real: real('2026-01', 100, 300, 0, '/media/private/b.pdf?sig=x'), portal: { bought_kwh: 100, injected_kwh: 300, amount: 0 }, difference: { bought_kwh: 0, injected_kwh: 0, amount: 0 }, flagged: false, causes: [] },
    { month: '2026-02', real: real('2026-02', 100, 300, 15_000), portal: { bought_kwh: 100, injected_kwh: 300, amount: 9520 }, difference: { bought_kwh: 0, injected_kwh: 0, amount: -5480 }, flagged: true, causes: ['tariff'] },
  ],
};

async function show(lang = 'es', bills = BILLS) {
  const dataProvider = Object.assign(fakeDataProvider({}), {
    bills: vi.fn(async () => bills),
    remanente: vi.fn(async () => LEDGER),
    reconciliation: vi.fn(async () => RECONCILIATION),
  });
  const plants = [{ id: 7, name: 'Casa Maipú' }, { id: 9, name: 'Casa Pirque' }];
  renderAdmin('/bill', {
    dataProvider, i18n: await i18nIn(lang),
    routes: <Route path="/bill" element={<BillCard plantId={7} today="2026-03-10" timeZone="America/Santiago" plants={plants} />} />,
  });
  return dataProvider;
}

/** A table cell holding exactly `text` (Intl's no-break spaces kept). */
const cell = (text: string) => screen.getByText((_, el) => el?.tagName === 'TD' && el.textContent === text);
const figures = (name: string) => within(screen.getByRole('region', { name })).getAllByText(/\d/).map((e) => e.textContent);

describe("the plant's bill (issue 38)", () => {
  it('shows this month so far, last month and this year, without solar, with solar and the savings, in Chilean pesos', async () => {
    const dataProvider = await show();
    await screen.findByRole('region', { name: 'Este mes hasta hoy' });
    expect(figures('Este mes hasta hoy')).toEqual(['$\u00a023.800', '$\u00a04.760', '$\u00a019.040']);
    expect(figures('El mes pasado')).toEqual(['$\u00a061.880', '$\u00a09.520', '$\u00a052.360']);
    expect(figures('Este año')).toEqual(['$\u00a0138.040', '$\u00a014.280', '$\u00a0123.760']);
    expect(dataProvider.bills).toHaveBeenCalledWith(7, '2026', expect.anything());
  });

  it('lists the year month by month: without, with, credit, VAT, remanente and savings', async () => {
    await show();
    const table = await screen.findByRole('table', { name: 'Mes a mes, 2026' });
    const january = within(table).getByText('enero de 2026').closest('tr') as HTMLElement;
    expect([...january.querySelectorAll('td')].map((c) => c.textContent))
      .toEqual(['enero de 2026', '$\u00a052.360', '$\u00a00', '$\u00a044.000', '$\u00a00', '$\u00a012.000', '$\u00a052.360']);
  });

  it('shows the remanente ledger: carried in, earned, used, left and where it went', async () => {
    await show();
    const table = await screen.findByRole('table', { name: 'Remanente: crédito que pasa al mes siguiente' });
    const row = (m: string) => [...(within(table).getByText(m).closest('tr') as HTMLElement).querySelectorAll('td')].map((c) => c.textContent);
    expect(row('enero de 2026')).toEqual(['enero de 2026', '$\u00a00', '$\u00a044.000', '$\u00a032.000', '$\u00a012.000', 'Mes siguiente']);
    expect(row('febrero de 2026')).toEqual(['febrero de 2026', '$\u00a012.000', '$\u00a038.000', '$\u00a050.000', '$\u00a00', 'Mes siguiente']);
    expect(row('marzo de 2026')).toEqual(['marzo de 2026', '$\u00a00', '$\u00a016.000', '$\u00a014.000', '$\u00a02.000', 'Casa Pirque']);
  });

  it('says when the plant is priced at its own flat prices, not a distributor\'s tariffs', async () => {
    await show('es', { ...BILLS, priced_by: 'own' });
    expect(await screen.findByText(/Calculada con la tarifa y el precio de inyección propios/)).toBeInTheDocument();
  });

  it("sets the real bills beside the portal's, flagging a difference with its likely cause", async () => {
    await show();
    const table = await screen.findByRole('table', { name: 'Tu boleta real' });
    const row = (m: string) => [...(within(table).getByText(m).closest('tr') as HTMLElement).querySelectorAll('td')].map((c) => c.textContent);
    expect(row('enero de 2026')).toEqual(['enero de 2026Ver boleta', '100 kWh / 100 kWh', '300 kWh / 300 kWh', '$\u00a00 / $\u00a00', 'Coincide']);
    expect(row('febrero de 2026')).toEqual(['febrero de 2026', '100 kWh / 100 kWh', '300 kWh / 300 kWh', '$\u00a015.000 / $\u00a09.520', 'Difiere más de un 5 %La distribuidora aplica otra tarifa']);
    expect(within(table).getByRole('link', { name: 'Ver boleta' })).toHaveAttribute('href', '/media/private/b.pdf?sig=x');
  });

  it('lets the customer enter a bill with its PDF', async () => {
    const dataProvider = await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Ingresar boleta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ingresar boleta' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Mes/ }), '2026-03');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /kWh comprados/ }), '120,5');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /kWh inyectados/ }), '280');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Monto total/ }), '8000');
    const pdf = new File(['%PDF'], 'boleta.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText(/Arrastra la foto o el PDF/), { target: { files: [pdf] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(dataProvider.create).toHaveBeenCalledWith('real-bills', expect.objectContaining({
      data: expect.objectContaining({ plant: 7, month: '2026-03-01', bought_kwh: 120.5, injected_kwh: 280, amount: 8000, attachment: expect.objectContaining({ rawFile: pdf }) }),
    })));
    expect(dataProvider.reconciliation).toHaveBeenCalledTimes(2);
  });

  it('shows the figures in Arabic', async () => {
    await show('ar');
    await screen.findByRole('region', { name: 'هذا الشهر حتى اليوم' });
    expect(figures('هذا الشهر حتى اليوم')).toEqual(['\u200f23,800\u00a0CLP', '\u200f4,760\u00a0CLP', '\u200f19,040\u00a0CLP']);
    expect(figures('هذه السنة')).toEqual(['\u200f138,040\u00a0CLP', '\u200f14,280\u00a0CLP', '\u200f123,760\u00a0CLP']);
    expect(screen.getAllByText('يناير 2026').length).toBe(3);
    expect(cell('\u200f15,000\u00a0CLP / \u200f9,520\u00a0CLP')).toBeInTheDocument();
    expect(screen.getByText('الشركة الموزعة تطبق تعرفة أخرى')).toBeInTheDocument();
  });

  it('shows the figures in Chinese', async () => {
    await show('zh');
    await screen.findByRole('region', { name: '本月至今' });
    expect(figures('本月至今')).toEqual(['CLP\u00a023,800', 'CLP\u00a04,760', 'CLP\u00a019,040']);
    expect(figures('上个月')).toEqual(['CLP\u00a061,880', 'CLP\u00a09,520', 'CLP\u00a052,360']);
    expect(screen.getAllByText('2026年1月').length).toBe(3);
    expect(cell('CLP\u00a015,000 / CLP\u00a09,520')).toBeInTheDocument();
    expect(screen.getByText('配电公司采用了其他电价')).toBeInTheDocument();
  });
});
